import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A production build's folder for tests of the server-rendering side: the shell's `index.html` and a
 * stand-in server build (`serverJs`, with the real one's contract: apps/shell/src/server/render.tsx),
 * a deploy folder beside it whose `remotes.json` is switched as `pnpm run deploy remote` does (a
 * temporary file renamed over it), and the store's settings to serve them.
 */
export function standInBuild(name: string, serverJs: string) {
  const root = mkdtempSync(path.join(tmpdir(), `preloved-${name}-`));
  const deployDir = path.join(root, 'deploy');
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  };
  write(path.join(root, 'apps/shell/dist/index.html'), '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Preloved</title></head><body><div id="root"></div></body></html>');
  write(path.join(root, 'apps/shell/dist/server/server.js'), serverJs);
  return {
    root,
    deployDir,
    write,
    /** Settings of a store that serves this build, server-rendered, with the deploy folder's remotes. */
    env: { STATIC_DIR: root, REMOTES_JSON: path.join(deployDir, 'remotes.json'), SERVER_RENDER: 'true' },
    switchRemotes(remotes: Record<string, string>) {
      write(path.join(deployDir, '.remotes.json.tmp'), JSON.stringify(remotes));
      renameSync(path.join(deployDir, '.remotes.json.tmp'), path.join(deployDir, 'remotes.json'));
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
