import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The workspace's own ESLint config, run through ESLint's Node API (lint-files.mjs) on fixture files
// written into real apps for the length of the test (the zones are computed from the folders that exist).
const root = path.resolve(__dirname, '../..');
const tag = `lint-fixture-${process.pid}`;
const created: string[] = [];

function write(relative: string, text: string): string {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

function fixtureDir(relative: string): string {
  created.push(path.join(root, relative));
  return relative;
}

interface Problem {
  file: string;
  rule: string | null;
  text: string;
}

async function lint(files: string[]): Promise<Problem[]> {
  const output = execFileSync('node', [path.join(__dirname, 'lint-files.mjs'), ...files], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(output) as Problem[];
}

describe('lint boundaries', () => {
  afterAll(() => {
    for (const dir of created) rmSync(dir, { recursive: true, force: true });
  });

  it('fails on a new import cycle', async () => {
    const dir = fixtureDir(`packages/ui/src/${tag}`);
    const a = write(`${dir}/a.ts`, "import { b } from './b';\nexport const a = () => b();\n");
    const b = write(
      `${dir}/b.ts`,
      "import { a } from './a';\nexport const b = (): unknown => a;\n",
    );
    const problems = await lint([a, b]);
    expect(
      problems
        .filter((problem) => problem.rule === 'import-x/no-cycle')
        .map((problem) => problem.file)
        .sort(),
    ).toEqual([`${dir}/a.ts`, `${dir}/b.ts`].sort());
  });

  it('fails when a feature imports another feature, and allows components/', async () => {
    const one = fixtureDir(`remotes/catalog/src/features/${tag}-one`);
    const two = fixtureDir(`remotes/catalog/src/features/${tag}-two`);
    const shared = fixtureDir(`remotes/catalog/src/components/${tag}`);
    write(`${two}/Two.ts`, 'export const two = 2;\n');
    write(`${shared}/shared.ts`, 'export const shared = 1;\n');
    const file = write(
      `${one}/One.ts`,
      `import { shared } from '../../components/${tag}/shared';\nimport { two } from '../${tag}-two/Two';\nexport const one = shared + two;\n`,
    );
    const problems = await lint([file]);
    expect(problems).toEqual([
      expect.objectContaining({
        file: `${one}/One.ts`,
        rule: 'import-x/no-restricted-paths',
        text: expect.stringContaining('never imports another feature'),
      }),
    ]);
  });

  it('fails when a package imports upward or an app, and allows downward', async () => {
    const contract = fixtureDir(`packages/contract/src/${tag}`);
    const shared = fixtureDir(`packages/shared/src/${tag}`);
    const up = write(`${contract}/up.ts`, "import { i18n } from '@preloved/shared';\nexport const up = i18n;\n");
    const app = write(`${shared}/app.ts`, "import { x } from '../../../../remotes/catalog/src/index';\nexport const app = x;\n");
    const down = write(`${shared}/down.ts`, "import { ERROR_CODES } from '@preloved/contract';\nexport const down = ERROR_CODES;\n");
    const problems = (await lint([up, app, down])).filter((problem) => /no-restricted-(paths|imports)/.test(problem.rule ?? ''));
    expect([...new Set(problems.map((problem) => problem.file))].sort()).toEqual([`${contract}/up.ts`, `${shared}/app.ts`].sort());
    for (const file of [`${contract}/up.ts`, `${shared}/app.ts`]) {
      expect(problems.filter((problem) => problem.file === file).map((problem) => problem.text)).toContainEqual(expect.stringContaining('Packages import only downward'));
    }
  });

  it('fails when a route imports a repository or touches the database, and allows a service', async () => {
    const dir = fixtureDir(`apps/api/src/modules/${tag}`);
    const file = write(
      `${dir}/fixture-routes.ts`,
      [
        "import type { FastifyInstance } from 'fastify';",
        "import { LISBON } from '../checkout/checkout-repository';",
        "import type { OrderRecord } from '../orders/orders-repository';",
        "import { MAX_ADDRESSES } from '../addresses/address-book';",
        'export const route = (app: FastifyInstance, record?: OrderRecord) => [LISBON, MAX_ADDRESSES, record, app.db.query("SELECT 1")];',
        '',
      ].join('\n'),
    );
    const problems = await lint([file]);
    expect(problems.map((problem) => [problem.rule, problem.text])).toEqual([
      ['no-restricted-imports', expect.stringContaining('checkout-repository')],
      ['no-restricted-syntax', expect.stringContaining('A route neither queries')],
    ]);
  });

  it('fails on a mail subject written out in the API, and allows one from the mail catalogue', async () => {
    const dir = fixtureDir(`apps/api/src/modules/${tag}`);
    const file = write(
      `${dir}/mails.ts`,
      [
        "import { DEFAULT_READER, mailText } from '../../core/mail/mail-texts';",
        'const { t } = mailText(DEFAULT_READER);',
        "export const written = (number: string) => ({ to: 'a@b.pt', subject: `Order ${number} / Encomenda ${number}`, text: '' });",
        "export const fixed = { to: 'a@b.pt', subject: 'Hello', text: '' };",
        "export const catalogued = (number: string) => ({ to: 'a@b.pt', subject: t('order.subject', { number }), text: '' });",
        '',
      ].join('\n'),
    );
    const problems = await lint([file]);
    expect(problems.map((problem) => [problem.rule, problem.text])).toEqual([
      ['no-restricted-syntax', expect.stringContaining('mail catalogue')],
      ['no-restricted-syntax', expect.stringContaining('mail catalogue')],
    ]);
  });

  it('fails on a relative import into a sibling remote', async () => {
    const dir = fixtureDir(`remotes/search/src/${tag}`);
    const file = write(
      `${dir}/reach.ts`,
      "import { pages } from '../../../catalog/src/exposes/CatalogPages';\nexport const reach = pages;\n",
    );
    const problems = await lint([file]);
    expect(problems.map((problem) => problem.rule)).toContain('import-x/no-restricted-paths');
  });
});
