// `pnpm bench`: every benchmark, one after the other (they would disturb each other in parallel).
// `pnpm bench <name>` runs one: bundle | api | search | bag | race | web | chunks | tasks | ssr | figures | messages | cluster. `cluster`
// (the cluster under load while instances die and a remote is deployed) runs only when named.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const all = { bundle: 'bundle.ts', api: 'api.ts', search: 'search.ts', bag: 'bag.ts', race: 'race.ts', web: 'web.ts', chunks: 'chunks.ts', tasks: 'tasks.ts', ssr: 'ssr.ts', figures: 'figures.ts', messages: 'messages.ts', cluster: 'cluster.ts' };
const onlyWhenNamed = new Set(['cluster']);
const chosen = process.argv.slice(2).filter((name) => name in all);
for (const name of chosen.length ? chosen : Object.keys(all).filter((name) => !onlyWhenNamed.has(name))) {
  process.stdout.write(`\n=== bench: ${name}\n`);
  const result = spawnSync('node', ['--import', 'tsx', path.join(here, all[name]), ...process.argv.slice(3)], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
