import type { ExposeOf, RemoteModule, RemoteName } from '@preloved/shared';

/** remote → expose (without the `./`) → loads that module. */
export type ExposedModules = {
  [R in RemoteName]?: { [E in ExposeOf<R>]?: () => Promise<RemoteModule<R, E>> };
};

/**
 * Every remote's exposed modules, for the single-bundle build only (remotes.single.ts). In that build
 * the webpack factory writes this module's content from each remote's own webpack.config.cjs
 * `exposes` (tools/webpack/single-exposes-loader.cjs): one `import()` per expose, so each page is
 * still a chunk of its own. As written here, for the typecheck and the tests, it holds nothing.
 */
export const exposedModules: ExposedModules = {};
