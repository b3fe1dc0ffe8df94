import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Browser journeys never compare one read of a live page (tools/e2e/filters.e2e.ts counted
// 2 chips once, before the second rendered). The workspace's ESLint config (e2e/no-one-shot-reads,
// tools/lint/e2e-reads.mjs) is run through its Node API on a fixture journey written into tools/e2e
// for the length of the test.
const root = path.resolve(__dirname, '../..');
const fixture = `tools/e2e/lint-fixture-${process.pid}.e2e.ts`;

interface Problem {
  file: string;
  rule: string | null;
  text: string;
  line: number;
}

function lint(file: string): Problem[] {
  const output = execFileSync('node', [path.join(__dirname, 'lint-files.mjs'), file], { cwd: root, encoding: 'utf8' });
  return JSON.parse(output) as Problem[];
}

const lines = [
  "import type { Page } from 'playwright-core';",
  "import { expectSoon, soon } from './soon';",
  'export async function journey(page: Page): Promise<string> {',
  "  const chips = page.getByRole('list', { name: 'Chosen filters' }).getByRole('button');",
  '  // refused: one-shot reads compared once',
  '  expect(await chips.count()).toBe(2);', // 6
  "  expect(await page.getByRole('heading').textContent()).toBe('Bag');", // 7
  "  expect((await page.getByRole('heading').innerText()).trim()).toBe('Bag');", // 8
  "  expect(await page.getByText('Saved').isVisible()).toBe(true);", // 9
  '  const shown = await chips.count();', // 10
  '  expect(shown).toBe(2);',
  "  for (const text of await chips.allInnerTexts()) expect(text).toContain('M');", // 12
  "  expect(await page.getByRole('textbox').inputValue()).toBe('95');", // 13
  "  if (await page.getByText('Cookies').isVisible()) await page.getByText('Accept').click();", // 14
  '  // allowed: retried reads, and a value kept to use later',
  '  await soon(() => chips.count()).toBe(2);',
  "  await soon(async () => (await chips.allInnerTexts()).length).toBe(2);",
  '  await expectSoon(chips).toHaveCount(2);',
  "  await expectSoon(page.getByRole('heading')).toHaveText('Bag');",
  "  const number = (await page.getByRole('heading').innerText()).replace('Listing ', '');",
  '  return number;',
  '}',
];

describe('e2e/no-one-shot-reads', () => {
  afterAll(() => rmSync(path.join(root, fixture), { force: true }));

  it('refuses every one-shot read compared once in a journey, and allows retried reads and values kept for later', () => {
    writeFileSync(path.join(root, fixture), `${lines.join('\n')}\n`);
    let problems: Problem[];
    try {
      problems = lint(fixture).filter((problem) => problem.rule === 'e2e/no-one-shot-reads');
    } finally {
      rmSync(path.join(root, fixture), { force: true });
    }
    expect(problems.map((problem) => problem.line)).toEqual([6, 7, 8, 9, 10, 12, 13, 14]);
    expect(problems[0]!.text).toMatch(/expectSoon\(locator\)/);
  }, 120_000);

  it('finds none left in the journeys themselves', () => {
    const problems = lint('tools/e2e').filter((problem) => !problem.file.includes('lint-fixture-')).filter((problem) => problem.rule === 'e2e/no-one-shot-reads');
    expect(problems).toEqual([]);
  }, 120_000);
});
