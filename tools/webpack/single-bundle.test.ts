import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// The webpack factory's single-bundle flag, proven on the configs it returns: the
// build itself takes minutes, `pnpm bench web` runs it and checks the pages in Chromium.
const root = path.resolve(__dirname, '../..');
const load = createRequire(__filename);

interface Config {
  output: { path: string };
  plugins: object[];
  module: { rules: { test?: unknown; enforce?: string; use?: { loader: string; options: { remotes: Remote[] } } }[] };
}
interface Remote {
  name: string;
  dir: string;
  exposes: Record<string, string>;
}
type ConfigFunction = ((env: Record<string, unknown>, argv: { mode: string }) => Config | Config[]) & {
  federation: { name: string; dir: string; exposes?: Record<string, string> };
};

const shellConfig = load(path.join(root, 'apps/shell/webpack.config.cjs')) as ConfigFunction;
const { apps } = load(path.join(root, 'tools/apps.json')) as { apps: { name: string; dir: string; kind: string }[] };
const { singleExposesSource } = load('./single-exposes-loader.cjs') as { singleExposesSource: (remotes: Remote[]) => string };
const { NormalModuleReplacementPlugin } = load('webpack') as typeof import('webpack');
const { ModuleFederationPlugin } = load('@module-federation/enhanced/webpack') as { ModuleFederationPlugin: new (...args: never[]) => object };

const production = { mode: 'production' };
const federation = (config: Config) => config.plugins.filter((plugin) => plugin instanceof ModuleFederationPlugin);

beforeEach(() => {
  delete process.env.PRELOVED_SINGLE_BUNDLE;
});

it('the single-bundle flag builds the shell and its server entry without Module Federation, into dist-single', () => {
  const [browser, server] = shellConfig({ singleBundle: true }, production) as Config[];
  expect(browser!.output.path).toBe(path.join(root, 'apps/shell/dist-single'));
  expect(server!.output.path).toBe(path.join(root, 'apps/shell/dist-single/server'));
  for (const config of [browser!, server!]) {
    expect(federation(config)).toHaveLength(0);
    // remotes.ts (the federation runtime) is replaced by remotes.single.ts, wherever it is imported from.
    const replacement = config.plugins.find((plugin) => plugin instanceof NormalModuleReplacementPlugin) as
      | { resourceRegExp: RegExp; newResource: string }
      | undefined;
    expect(replacement?.resourceRegExp.test(path.join(root, 'apps/shell/src/federation/remotes.ts'))).toBe(true);
    expect(replacement?.resourceRegExp.test(path.join(root, 'apps/shell/src/federation/remotes.single.ts'))).toBe(false);
    expect(existsSync(replacement!.newResource)).toBe(true);
  }
});

it('the environment variable PRELOVED_SINGLE_BUNDLE=1 is the same flag', () => {
  process.env.PRELOVED_SINGLE_BUNDLE = '1';
  const [browser] = shellConfig({}, production) as Config[];
  expect(browser!.output.path).toBe(path.join(root, 'apps/shell/dist-single'));
  expect(federation(browser!)).toHaveLength(0);
});

it("the single bundle imports every expose of every remote, as each remote's own webpack.config.cjs declares it", () => {
  const [browser] = shellConfig({ singleBundle: true }, production) as Config[];
  const rule = browser!.module.rules.find((entry) => entry.enforce === 'pre');
  expect(rule?.test).toBe(path.join(root, 'apps/shell/src/federation/single-exposes.ts'));
  const source = singleExposesSource(rule!.use!.options.remotes);
  const remotes = apps.filter((app) => app.kind === 'remote');
  expect(rule!.use!.options.remotes.map((remote) => remote.name)).toEqual(remotes.map((app) => app.name));
  for (const app of remotes) {
    const { exposes } = (load(path.join(root, app.dir, 'webpack.config.cjs')) as ConfigFunction).federation;
    expect(Object.keys(exposes!).length).toBeGreaterThan(0);
    for (const [expose, file] of Object.entries(exposes!)) {
      const absolute = path.join(root, app.dir, file);
      expect(existsSync(absolute)).toBe(true);
      expect(source).toContain(`${JSON.stringify(expose.replace(/^\.\//, ''))}: () => import(${JSON.stringify(absolute)})`);
    }
  }
});

it('without the flag the shell is the federation host, built into dist', () => {
  const [browser, server] = shellConfig({}, production) as Config[];
  expect(browser!.output.path).toBe(path.join(root, 'apps/shell/dist'));
  expect(federation(browser!)).toHaveLength(1);
  expect(federation(server!)).toHaveLength(1);
  expect(browser!.plugins.some((plugin) => plugin instanceof NormalModuleReplacementPlugin)).toBe(false);
});

it('a remote cannot be built as the single bundle: it is bundled into the shell', () => {
  const catalog = load(path.join(root, 'remotes/catalog/webpack.config.cjs')) as ConfigFunction;
  expect(() => catalog({ singleBundle: true }, production)).toThrow(/single-bundle build is the shell's/);
});
