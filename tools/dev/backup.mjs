// `pnpm backup [--out <folder>] [--force]` and `pnpm restore <backup folder>` (item 5): the
// store's database (the embedded one under DATA_DIR, or DATABASE_URL's PostgreSQL with pg_dump and
// pg_restore) and the sellers' photos, in one folder with a manifest that a restore checks
// (apps/api/src/scripts/backup.ts says what a backup holds and when each side refuses).
import path from 'node:path';
import { root, run } from './lib.mjs';

const [command, ...rest] = process.argv.slice(2);
const api = path.join(root, 'apps/api');
// Paths given on the command line are the caller's, not the API folder's.
const args = rest.map((arg) => (arg.startsWith('--') ? arg : path.resolve(process.env.INIT_CWD ?? process.cwd(), arg)));
const out = args.includes('--out') ? [] : command === 'backup' ? ['--out', path.join(root, 'backups', `preloved-${new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}`)] : [];
try {
  run(path.join(root, 'node_modules/.bin/tsx'), [path.join(api, 'src/scripts/backup.ts'), command ?? '', ...args, ...out], { cwd: api });
} catch {
  process.exit(1);
}
