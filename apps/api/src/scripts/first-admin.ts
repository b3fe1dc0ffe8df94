// `pnpm first-admin --email you@brand.com --name "Your Name"`: the back office's first admin, who then
// invites everyone else from the console. Prints a link (valid 72 hours) where they choose a password
// and enrol an authenticator app. Refuses once an admin exists: from then on admins invite.
// The database is the store's: PGlite under DATA_DIR, or DATABASE_URL (migrated by the store's start).
import path from 'node:path';
import { StaffInvite } from '@preloved/contract';
import { loadConfig } from '../config';
import { openDb } from '../db/db';
import { INVITATION_HOURS, inviteStaff } from '../modules/backoffice/staff-invitations';

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

async function main() {
  const config = loadConfig();
  const parsed = StaffInvite.safeParse({ email: option('email'), name: option('name'), role: 'admin' });
  if (!parsed.success) {
    console.error('Usage: pnpm first-admin --email you@brand.com --name "Your Name"');
    process.exitCode = 1;
    return;
  }
  const db = await openDb({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite') });
  try {
    const { rows } = await db.query<{ found: string | null }>(`SELECT to_regclass('staff')::text AS found`);
    if (!rows[0]?.found) {
      console.error(`No store database here (${db.engine}): start the store once (pnpm start) so it is migrated.`);
      process.exitCode = 1;
      return;
    }
    const token = await db.transaction(async (tx) => {
      const admins = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff WHERE role = 'admin' AND active`);
      if (admins.rows[0]!.n > 0) return 'admin-exists' as const;
      const invited = await inviteStaff(tx, { ...parsed.data, invitedBy: null });
      return invited.ok ? invited.token : invited.code;
    });
    if (token === 'admin-exists' || token === 'staff_email_taken') {
      console.error(token === 'admin-exists' ? 'The back office has an admin already: an admin invites others from the console (Staff).' : 'A member of staff already has this e-mail.');
      process.exitCode = 1;
      return;
    }
    console.log(`Open this link within ${INVITATION_HOURS} hours to choose your password and enrol your authenticator app:`);
    console.log(`${config.PUBLIC_URL.replace(/\/$/, '')}/backoffice/invitation/${token}`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
