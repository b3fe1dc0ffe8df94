import { readdirSync } from 'node:fs';
import path from 'node:path';

// Where the store's sentences live: every text catalogue of the apps, remotes and packages (i18n, a
// section's texts, info-page content, mail texts in each language, the contract's messages). The lint
// tests that read what the store says (green claims, verification claims) read these files.

export const repositoryRoot = path.resolve(__dirname, '../..');
const CATALOGUE = /(^|[/-])(en|pt|es|texts|content\.\w+|mail-texts(\.\w+)?|dialog-texts|messages|common\.\w+|errors\.\w+|field-errors\.\w+|refusals\.\w+)\.ts$/;

/** Every catalogue file, by its path from the repository's root, but those `exclude` names. */
export function catalogueFiles(exclude: RegExp[] = []): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (entry.name === 'node_modules' || entry.name === 'dist') return [];
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
      const relative = path.relative(repositoryRoot, full);
      return CATALOGUE.test(full) && !full.endsWith('.test.ts') && !exclude.some((pattern) => pattern.test(relative)) ? [relative] : [];
    });
  return ['apps', 'remotes', 'packages'].flatMap((top) => walk(path.join(repositoryRoot, top)));
}
