import { createRequire } from 'node:module';
import path from 'node:path';

// What the browser builds do so that federation costs little on a page, proven on the
// configs the factory returns (the bytes themselves: `pnpm bench web`, tools/e2e/page-budget.e2e.ts).
const root = path.resolve(__dirname, '../..');
const load = createRequire(__filename);

interface Config {
  entry: Record<string, string | string[]>;
  plugins: { constructor: { name: string }; _options?: Record<string, unknown> }[];
  module: { rules: { test?: unknown; sideEffects?: boolean }[] };
}
type ConfigFunction = (env: Record<string, unknown>, argv: { mode: string }) => Config | Config[];

const production = { mode: 'production' };
const uiBarrel = path.join(root, 'packages/ui/src/index.ts');
const uiTokens = path.join(root, 'packages/ui/src/tokens.css');
const browserConfig = (dir: string, env: Record<string, unknown> = {}) => {
  const built = (load(path.join(root, dir, 'webpack.config.cjs')) as ConfigFunction)(env, production);
  return Array.isArray(built) ? built[0]! : built;
};
const federationOptions = (config: Config) =>
  config.plugins.find((plugin) => plugin.constructor.name === 'ModuleFederationPlugin')?._options as
    | { shareStrategy?: string; exposes?: Record<string, { import: string[] }> }
    | undefined;

it('takes a shared module from what is loaded, so a page does not fetch every remote’s entry to compare versions', () => {
  for (const dir of ['apps/shell', 'remotes/catalog', 'remotes/search']) {
    expect([dir, federationOptions(browserConfig(dir))?.shareStrategy]).toEqual([dir, 'loaded-first']);
  }
});

it('treats @preloved/ui’s barrel as free of side effects in the browser, so a chunk carries only the components it imports', () => {
  for (const config of [browserConfig('apps/shell'), browserConfig('apps/shell', { singleBundle: true }), browserConfig('remotes/search')]) {
    expect(config.module.rules.find((rule) => rule.test === uiBarrel)?.sideEffects).toBe(false);
  }
});

it('imports the design tokens where a page starts: the host’s entry and each exposed module of a remote', () => {
  expect(browserConfig('apps/shell').entry.main).toEqual([uiTokens, './src/index.ts']);
  expect(browserConfig('apps/shell', { singleBundle: true }).entry.main).toEqual([uiTokens, './src/index.ts']);
  const exposes = federationOptions(browserConfig('remotes/bag-checkout'))?.exposes ?? {};
  expect(Object.keys(exposes).length).toBeGreaterThan(0);
  for (const [key, expose] of Object.entries(exposes)) expect([key, expose.import[0]]).toEqual([key, uiTokens]);
  // The main shop renders nothing of its own: the remote it mounts brings the tokens.
  expect(browserConfig('apps/main-shop').entry.main).toBe('./src/index.ts');
});
