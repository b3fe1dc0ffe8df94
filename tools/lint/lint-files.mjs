// Lints the given files with the workspace's ESLint config through ESLint's Node API and prints the
// problems as JSON. The lint test runs it in its own Node process: ESLint loads its config with a
// dynamic import(), which jest's module sandbox refuses.
import { ESLint } from 'eslint';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });
const results = await eslint.lintFiles(process.argv.slice(2));
const problems = results.flatMap((result) =>
  result.messages.map((message) => ({
    file: path.relative(root, result.filePath),
    rule: message.ruleId,
    text: message.message,
    line: message.line,
  })),
);
process.stdout.write(JSON.stringify(problems));
