// `pnpm dev`: the API (restarts on change) and every app's webpack dev server with HMR, each on its
// development port (tools/apps.json). Open http://localhost:3000.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureInstalled, log, root, webApps } from './lib.mjs';

ensureInstalled();
const children = [];
function start(name, command, args, cwd) {
  const child = spawn(command, args, { cwd, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}] `;
  const pipe = (stream, out) =>
    stream.on('data', (chunk) => out.write(chunk.toString().replace(/^(?=.)/gm, prefix)));
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
  child.on('exit', (code) => log(`${name} exited with ${code}`));
  children.push(child);
}

start('api', 'node', ['--import', 'tsx', '--watch', 'src/server.ts'], path.join(root, 'apps/api'));
for (const dir of webApps) {
  start(path.basename(dir), 'node', [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), 'serve', '--mode', 'development', '--config', 'webpack.config.cjs'], path.join(root, dir));
}
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
