// One ESLint config for the workspace. Besides correctness, it enforces the boundaries of
// CONVENTIONS.md: one router (imported from @preloved/shared), packages imported by their root only,
// packages importing only downward (contract ← shared ← ui), routes calling services (never a
// repository or the database), no app or remote importing another's files, features that never import each other, no import
// cycles, no `export *`. eslint-plugin-import-x is the maintained fork of eslint-plugin-import that
// supports ESLint 10's flat config; the TypeScript resolver follows the workspace packages' `src`.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { appZones, featureZones, packagesAbove, packageZones } from './tools/lint/boundaries.mjs';
import { e2eRules } from './tools/lint/e2e-reads.mjs';

const root = import.meta.dirname;

const boundaries = {
  paths: [
    {
      name: 'react-router',
      message: 'Import router pieces from @preloved/shared: one router for host and remotes.',
    },
    {
      name: 'react-router-dom',
      message: 'Import router pieces from @preloved/shared: one router for host and remotes.',
    },
  ],
  patterns: [
    {
      group: ['@preloved/*/src/*', '@preloved/*/src'],
      message: 'Import a package by its root, not its internals.',
    },
    {
      group: ['**/remotes/*', '../../remotes/**', '**/apps/shell/**'],
      message: 'A remote never imports another app; compose through exposed modules.',
    },
  ],
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-single/**', '**/node_modules/**', '.data/**', 'coverage/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', boundaries],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'No `export *`: name what a module offers.' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.{ts,tsx,mjs,cjs,js}'],
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript files are modules to follow too (the plugin's TypeScript preset, without its resolver).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: `${root}/tsconfig.json`, alwaysTryTypes: true }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...appZones(root), ...featureZones(root), ...packageZones(root)] },
      ],
    },
  },
  {
    // Every mail is written in its reader's language from the mail words (core/mail/mail-texts.en/pt.ts,
    // each module's mail-texts.ts): a subject written out in code is a mail that skipped them. Every
    // refusal is a code of the one error catalogue (@preloved/contract's errors.ts), made by core/errors.ts.
    files: ['apps/api/src/core/**/*.ts', 'apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/mail-texts.*.ts', 'apps/api/src/modules/*/mail-texts.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'No `export *`: name what a module offers.' },
        {
          selector: "Property[key.name='subject'][value.type=/^(Literal|TemplateLiteral)$/]",
          message: "A mail's words come from the mail catalogue in its reader's language: t('…') of mailText (core/mail/mail-texts.ts) over the module's mail-texts.ts.",
        },
        {
          selector: "NewExpression[callee.name='HttpError']",
          message: "Refuse with a code of the one catalogue: apiError(status, code), fieldError(field, key) or notFound(thing) (core/errors.ts).",
        },
      ],
    },
  },
  {
    // Routes are schema → service → reply: a route imports no repository and no database module
    // (their types are fine), and never touches `app.db` — queries and transactions live in its
    // module's service or repository, so a route stays readable as the API's surface.
    files: ['apps/api/src/modules/**/*-routes.ts', 'apps/api/src/modules/identity/responses.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: boundaries.paths,
          patterns: [
            ...boundaries.patterns,
            {
              group: ['**/*-repository', '**/db/*', '**/core/db-plugin'],
              allowTypeImports: true,
              message: "A route calls its module's service, never a repository or the database.",
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'No `export *`: name what a module offers.' },
        {
          selector: "MemberExpression[property.name='db']",
          message: "A route neither queries nor opens a transaction: call its module's service that does.",
        },
        {
          selector: "NewExpression[callee.name='HttpError']",
          message: "Refuse with a code of the one catalogue: apiError(status, code), fieldError(field, key) or notFound(thing) (core/errors.ts).",
        },
      ],
    },
  },
  {
    // The router lives in @preloved/shared; only it may import react-router.
    files: ['packages/shared/src/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: boundaries.patterns }] },
  },
  // Packages import only downward (contract ← shared ← ui), by name too (the zones above see files).
  ...packagesAbove()
    .filter(({ above }) => above.length > 0)
    .map(({ name, above }) => ({
      files: [`packages/${name}/src/**`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [
              ...(name === 'shared' ? [] : boundaries.paths),
              ...above.map((pkg) => ({ name: pkg, message: 'Packages import only downward (contract ← shared ← ui).' })),
            ],
            patterns: boundaries.patterns,
          },
        ],
      },
    })),
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-console': 'off' },
  },
  {
    // Jest setup files that run inside jsdom.
    files: ['tools/jest/setup-web.cjs'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    // Browser journeys retry every assertion on a live page: no one-shot count or text compared.
    files: ['tools/e2e/**/*.ts'],
    plugins: { e2e: e2eRules },
    rules: { 'e2e/no-one-shot-reads': 'error' },
  },
  {
    // Scripts, benchmarks and test tooling print their results.
    files: ['tools/**', 'apps/api/src/scripts/**', '**/*.test.{ts,tsx}'],
    rules: { 'no-console': 'off' },
  },
);
