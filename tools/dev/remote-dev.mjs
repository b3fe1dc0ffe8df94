// `pnpm --filter @preloved/<remote> dev`: one remote alone, in its standalone frame, with one command.
// Its pages read the API through the dev server's /api proxy, so the API must answer: API_URL names a
// running store to use; otherwise an API already listening on the development port is used, and when
// there is none this script starts one (embedded database, demo data) and stops it on exit.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { appList, log, root } from './lib.mjs';

const appDir = process.cwd();
const localApi = `http://127.0.0.1:${appList.apiPort}`;
const apiUrl = (process.env.API_URL || localApi).replace(/\/$/, '');
const children = [];

async function answers(url) {
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

function start(command, args, options) {
  const child = spawn(command, args, { stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
  children.push(child);
  return child;
}

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

if (process.env.API_URL) {
  if (await answers(apiUrl)) log(`using the API at ${apiUrl} (API_URL)`);
  else log(`API_URL=${apiUrl} does not answer /api/health: the pages will say so until it does`);
} else if (await answers(localApi)) {
  log(`using the API already running at ${localApi}`);
} else {
  log(`no API at ${localApi}: starting one (pnpm --filter @preloved/api dev), stopped with this command`);
  const api = start('node', ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(root, 'apps/api'),
    env: { PORT: String(appList.apiPort), NODE_ENV: 'development' },
  });
  api.on('exit', (code) => {
    if (code) log(`the API exited with ${code}: the pages will say the API cannot be reached`);
  });
  const deadline = Date.now() + 90_000;
  while (!(await answers(localApi)) && api.exitCode === null && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

start('node', [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), 'serve', '--mode', 'development', '--config', 'webpack.config.cjs'], {
  cwd: appDir,
  env: { API_URL: apiUrl },
});
