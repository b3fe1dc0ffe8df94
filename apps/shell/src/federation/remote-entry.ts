/**
 * The browser registers each remote by the remoteEntry.js beside its manifest: the shell's federation
 * runtime is built without the manifest (snapshot) code (`registersEntries` in tools/webpack), and
 * the store's server reads the manifest for the page's CSS and preloads instead.
 */
export function entryOf(manifestUrl: string): string {
  return manifestUrl.replace(/mf-manifest\.json(?=$|[?#])/, 'remoteEntry.js');
}
