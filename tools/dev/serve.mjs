// `pnpm serve`: the production build on one origin — shell, remotes and the API under /api —
// at http://localhost:${PORT:-3000}, on the embedded database unless DATABASE_URL is set.
import path from 'node:path';
import { root, runAsync } from './lib.mjs';

const port = process.env.PORT ?? '3000';
await runAsync('node', ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
  cwd: path.join(root, 'apps/api'),
  env: { PORT: port, STATIC_DIR: root, NODE_ENV: process.env.NODE_ENV ?? 'production', PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}` },
});
