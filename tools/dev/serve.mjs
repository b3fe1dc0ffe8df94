// `pnpm serve`: the production build on one origin — shell, remotes and the API under /api —
// at http://localhost:${PORT:-3000}, on the embedded database unless DATABASE_URL is set. Remotes are
// found from the deploy folder's remotes.json (REMOTES_JSON; `pnpm run deploy remote <name>` switches a
// remote to a released version while the store serves, `pnpm rollback remote <name>` back).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { prepareDeployDir } from '../cluster/remote-deploy.mjs';
import { builtRemotesJson, deployDir, log, root, runAsync } from './lib.mjs';

const port = process.env.PORT ?? '3000';
const remotesJson = process.env.REMOTES_JSON ?? prepareDeployDir({ deployDir, builtRemotesJson });
// A remote deployed earlier stays on its released version, not the build in its dist/: said aloud.
for (const [name, url] of Object.entries(JSON.parse(readFileSync(remotesJson, 'utf8')))) {
  if (String(url).startsWith('/releases/')) log(`${name} is served from its deployed version ${url} (pnpm run deploy remote ${name} deploys its current build)`);
}
await runAsync('node', ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
  cwd: path.join(root, 'apps/api'),
  env: {
    PORT: port,
    STATIC_DIR: root,
    REMOTES_JSON: remotesJson,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    // The demo (production without DEMO=true is a real store, which refuses test parts);
    // `DEMO=false pnpm serve` with the README's production settings serves a real store.
    DEMO: process.env.DEMO || 'true',
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
  },
});
