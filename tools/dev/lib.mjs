// Small helpers shared by the start/build/test scripts. Plain Node, no dependencies: these scripts
// run on a fresh clone before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PNPM = ['npx', '-y', 'pnpm@10.34.8'];

/** The deploy folder of `pnpm run deploy remote` (tools/cluster/remote-deploy.mjs): DEPLOY_DIR, or .deploy/. */
export const deployDir = path.resolve(root, process.env.DEPLOY_DIR ?? '.deploy');
/** The shell's remotes.json (copied into its build): the deploy folder's remotes.json starts as a copy of it. */
export const builtRemotesJson = path.join(root, 'apps/shell/public/remotes.json');

/** The workspace's apps and development ports, declared once (tools/apps.json). */
export const appList = JSON.parse(readFileSync(path.join(root, 'tools/apps.json'), 'utf8'));

/** The apps built by webpack, in build order: remotes first, the shell last. */
export const webApps = appList.apps.map((app) => app.dir).filter((dir) => existsSync(path.join(root, dir, 'webpack.config.cjs')));

export function log(message) {
  process.stdout.write(`\x1b[2m[preloved]\x1b[0m ${message}\n`);
}

export function run(command, args, options = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
  // How long each step took, for the CI's time budget (25 minutes).
  log(`${((Date.now() - started) / 1000).toFixed(0)} s: ${[command, ...args].join(' ').replace(/^node node_modules\/jest\/bin\/jest\.js/, 'jest')}`);
}

export function runAsync(command, args, options = {}) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
    child.on('exit', (code, signal) => {
      if (code !== 0) return reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`));
      log(`${((Date.now() - started) / 1000).toFixed(0)} s: ${[command, ...args].join(' ').replace(/^node node_modules\/jest\/bin\/jest\.js/, 'jest')}`);
      resolve();
    });
  });
}

/** Installs the workspace when node_modules is missing or older than the lockfile. */
export function ensureInstalled() {
  const marker = path.join(root, 'node_modules/.modules.yaml');
  const lock = path.join(root, 'pnpm-lock.yaml');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('installing dependencies (pnpm install --frozen-lockfile)…');
  run(PNPM[0], [...PNPM.slice(1), 'install', '--frozen-lockfile']);
}

function newest(dir, skip = new Set(['node_modules', 'dist', 'dist-single'])) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full, skip) : statSync(full).mtimeMs);
  }
  return latest;
}

/** An app needs a build when its dist is missing or older than its sources or the shared packages. */
export function isStale(dir) {
  // A production remote is its container (mf-manifest.json); the shell and main shop are pages.
  const index = path.join(root, dir, dir.startsWith('remotes/') ? 'dist/mf-manifest.json' : 'dist/index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const sources = Math.max(
    newest(path.join(root, dir)),
    newest(path.join(root, 'packages')),
    newest(path.join(root, 'tools/webpack')),
  );
  return sources > built;
}

/**
 * The shell's single-bundle build (every remote bundled in, no federation; `pnpm bench web` compares
 * it with the federated store) needs a build when it is missing or older than any app or package.
 */
export function isSingleBundleStale() {
  const index = path.join(root, 'apps/shell/dist-single/index.html');
  if (!existsSync(index)) return true;
  const sources = Math.max(...webApps.map((dir) => newest(path.join(root, dir))), newest(path.join(root, 'packages')), newest(path.join(root, 'tools/webpack')));
  return sources > statSync(index).mtimeMs;
}

/** Builds the single bundle into apps/shell/dist-single (and dist-single/server). */
export async function buildSingleBundle() {
  log('building the single bundle (apps/shell/dist-single)…');
  await runAsync('node', [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production', '--config', 'webpack.config.cjs', '--env', 'singleBundle'], {
    cwd: path.join(root, 'apps/shell'),
  });
}

/** Builds the given apps, two at a time (2 cores: more only fight each other). */
export async function buildApps(dirs, concurrency = 2) {
  const queue = [...dirs];
  const worker = async () => {
    for (let dir = queue.shift(); dir; dir = queue.shift()) {
      log(`building ${dir}…`);
      await runAsync('node', [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production', '--config', 'webpack.config.cjs'], {
        cwd: path.join(root, dir),
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, dirs.length) }, worker));
}
