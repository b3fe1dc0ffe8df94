// One jest setup for the whole workspace: browser code under jsdom, the API and contract under node.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
// jotai 3, ky 2, eventsource 5 (with its parser) and three of MSW's dependencies ship ESM only, so they are transformed too (Node 20
// cannot require ESM).
const transformIgnorePatterns = ['/node_modules/(?!(\\.pnpm/)?(jotai|ky|eventsource|eventsource-parser|rettime|until-async|@open-draft[+/]deferred-promise)[@/])'];
// PGlite's CommonJS build loads node built-ins with `import()`, which jest's vm sandbox refuses
// without --experimental-vm-modules; compiling it turns those into `require`.
const swcDynamicImportToRequire = ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs', ignoreDynamic: false }, isModule: true }];

module.exports = {
  projects: [
    {
      displayName: 'web',
      testEnvironment: '<rootDir>/tools/jest/jsdom-environment.cjs',
      roots: ['<rootDir>/apps/shell', '<rootDir>/remotes', '<rootDir>/packages/shared', '<rootDir>/packages/ui'],
      testMatch: ['**/src/**/*.test.{ts,tsx}'],
      transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
      transformIgnorePatterns,
      moduleNameMapper: { '\\.css$': 'identity-obj-proxy' },
      setupFiles: ['<rootDir>/tools/jest/setup-web.cjs'],
      setupFilesAfterEnv: ['<rootDir>/tools/jest/setup-dom.ts'],
    },
    {
      displayName: 'contract',
      testEnvironment: 'node',
      roots: ['<rootDir>/packages/contract'],
      testMatch: ['**/src/**/*.test.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc },
    },
    {
      // The lint config's boundaries, proven on fixture files; the webpack factory's configs.
      displayName: 'lint',
      testEnvironment: 'node',
      roots: ['<rootDir>/tools/lint', '<rootDir>/tools/webpack', '<rootDir>/tools/cluster'],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
      // The text catalogues' lint (verification-claims.test.ts) loads the catalogues, some of which import @preloved/shared.
      transformIgnorePatterns,
      moduleNameMapper: { '\\.css$': 'identity-obj-proxy' },
    },
    {
      displayName: 'api',
      testEnvironment: 'node',
      roots: ['<rootDir>/apps/api'],
      testMatch: ['**/src/**/*.test.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc, '/@electric-sql/pglite/dist/.+\\.cjs$': swcDynamicImportToRequire },
      // PGlite (above), the ESM-only dependencies of @fastify/static, jose and pg-boss (Node loads them natively, jest cannot).
      transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(@electric-sql[+/]pglite|content-disposition|cookie|jose|pg-boss|serialize-error|non-error|rrule-temporal|temporal-polyfill|cron-parser)[@/])'],
      setupFilesAfterEnv: ['<rootDir>/tools/jest/setup-api.ts'],
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/tools/e2e'],
      testMatch: ['**/*.e2e.ts'],
      // .mjs: the tools a journey drives itself (tools/cluster/remote-deploy.mjs).
      transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
      // Hooks start a production store and Chromium; tests drive a real browser.
      setupFilesAfterEnv: ['<rootDir>/tools/jest/setup-e2e.ts'],
      // One migrated and seeded database for the run, copied by every journey's store.
      globalSetup: '<rootDir>/tools/jest/global-setup-e2e.ts',
      globalTeardown: '<rootDir>/tools/jest/global-teardown-e2e.ts',
    },
  ],
};
