import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_MAP_TILE_URL } from '@preloved/contract';
import type { Config } from '../../config';

/**
 * The runtime settings the browser needs from this server's environment (packages/shared's
 * `window.__PRELOVED_CONFIG__`), as one inline script put in the shell's index.html. Its text is
 * fixed for the life of the process, so its CSP hash is computed once and no nonce is needed.
 */
export interface InlineStorefrontConfig {
  /** The script's text, exactly as it goes between <script> and </script> (the hash covers it). */
  script: string;
  /** The CSP source that allows it: `'sha256-…'`. */
  hash: string;
}

/**
 * Undefined when nothing needs to reach the browser (no Google client id, the default map tiles):
 * the page is then served as built.
 */
export function inlineStorefrontConfig(config: Pick<Config, 'GOOGLE_CLIENT_ID'> & Partial<Pick<Config, 'MAP_TILE_URL'>>): InlineStorefrontConfig | undefined {
  const values: { googleClientId?: string; mapTileUrl?: string } = {};
  if (config.GOOGLE_CLIENT_ID) values.googleClientId = config.GOOGLE_CLIENT_ID;
  if (config.MAP_TILE_URL !== undefined && config.MAP_TILE_URL !== DEFAULT_MAP_TILE_URL) values.mapTileUrl = config.MAP_TILE_URL;
  if (Object.keys(values).length === 0) return undefined;
  // `<` escaped so that no value can close the script element or open a comment in it.
  const settings = JSON.stringify(values).replace(/</g, '\\u003c');
  // Merged, not replaced: a page that embeds the store may have set its own settings first.
  const script = `window.__PRELOVED_CONFIG__=Object.assign(window.__PRELOVED_CONFIG__||{},${settings})`;
  return { script, hash: cspHash(script) };
}

const cspHash = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/**
 * The shell's early-event capture (`apps/shell/src/early-events`), built into the shell's
 * dist as `early-events.js`: written inline at the top of every server-rendered page, so a tap on a
 * control before its code has arrived is held and replayed, not lost. Read once; allowed by its hash.
 * Undefined when the shell is not built (or built without it): pages are then served without it.
 */
export function earlyEventsScript(config: Pick<Config, 'STATIC_DIR' | 'SHELL_DIST'>): InlineStorefrontConfig | undefined {
  if (!config.STATIC_DIR) return undefined;
  let script: string;
  try {
    script = readFileSync(path.resolve(config.STATIC_DIR, config.SHELL_DIST, 'early-events.js'), 'utf8');
  } catch {
    return undefined;
  }
  // It goes between <script> and </script>: a built file never holds that, but say so if it did.
  if (/<\/script/i.test(script)) throw new Error('early-events.js must not contain "</script"');
  return { script, hash: cspHash(script) };
}

/**
 * The page with the script placed before its first script (the settings must exist before the shell
 * runs); a page without scripts gets it at the end of its head, or of the document.
 */
export function injectInlineConfig(html: string, { script }: InlineStorefrontConfig): string {
  const tag = `<script>${script}</script>`;
  const at = [/<script[\s>]/i, /<\/head>/i, /<\/body>/i].map((pattern) => html.search(pattern)).find((index) => index >= 0);
  return at === undefined ? html + tag : html.slice(0, at) + tag + html.slice(at);
}

/**
 * The image source the pickup map's tiles need: the tile template's scheme and host, a
 * `{s}` subdomain as a wildcard ('https://*.tile.example'); none when the map is off.
 */
export function mapTileSources(config: Pick<Config, 'MAP_TILE_URL'>): string[] {
  const origin = /^(https?:\/\/[^/\s]+)/.exec(config.MAP_TILE_URL)?.[1];
  return origin ? [origin.replace('{s}', '*')] : [];
}

/**
 * What Sign in with Google loads once a client id is configured (@react-oauth/google injects
 * accounts.google.com/gsi/client, which renders its button in a frame and fetches from gsi/).
 */
export const GOOGLE_SIGN_IN_SOURCES = {
  scriptSrc: ['https://accounts.google.com/gsi/client'],
  frameSrc: ['https://accounts.google.com/gsi/'],
  connectSrc: ['https://accounts.google.com/gsi/'],
  styleSrc: ['https://accounts.google.com/gsi/style'],
} as const;
