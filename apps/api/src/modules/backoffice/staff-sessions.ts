import type { Queryable } from '../../db/db';
import { randomToken, TOKEN_PATTERN, tokenHash } from '../identity/passwords';

// Staff sessions open the back office, so they are short: 30 minutes without use ends one, 8 hours
// end it whatever. Lifetimes are security lifetimes, so they run on the database's now() like the
// shoppers' sessions (core/clock.ts says why).
export const STAFF_IDLE_MINUTES = 30;
export const STAFF_ABSOLUTE_HOURS = 8;

export type StaffRole = 'support' | 'moderator' | 'finance' | 'admin';

export interface StaffSession {
  id: number;
  staff_id: number;
  role: StaffRole;
  /** When the session ends whatever (ISO). */
  expires_at: string;
}

/** Opens a session and returns its token, handed out once and stored only as its SHA-256. */
export async function openStaffSession(tx: Queryable, staffId: number): Promise<{ id: number; token: string }> {
  const token = randomToken();
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO staff_sessions (token_hash, staff_id, idle_expires_at, expires_at)
     VALUES ($1, $2, now() + make_interval(mins => $3), now() + make_interval(hours => $4)) RETURNING id`,
    [tokenHash(token), staffId, STAFF_IDLE_MINUTES, STAFF_ABSOLUTE_HOURS],
  );
  return { id: rows[0]!.id, token };
}

/**
 * The live session of a token, with its member's current role (a changed role counts at once): not
 * revoked, within both lifetimes, and its member still active. Each use moves the idle end forward,
 * never past the absolute one.
 */
export async function findStaffSession(tx: Queryable, token: string): Promise<StaffSession | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const { rows } = await tx.query<StaffSession>(
    `UPDATE staff_sessions s
        SET last_seen_at = now(), idle_expires_at = least(s.expires_at, now() + make_interval(mins => $2))
       FROM staff m
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND s.idle_expires_at > now()
        AND m.id = s.staff_id AND m.active
  RETURNING s.id, s.staff_id, m.role, to_char(s.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS expires_at`,
    [tokenHash(token), STAFF_IDLE_MINUTES],
  );
  return rows[0] ?? null;
}

/** Ends one session; true if it was live. */
export async function revokeStaffSession(tx: Queryable, sessionId: number): Promise<boolean> {
  const { rows } = await tx.query('UPDATE staff_sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id', [sessionId]);
  return rows.length > 0;
}

/** Ends every session of a member (deactivation, a role change). Returns how many were live. */
export async function revokeStaffSessionsOf(tx: Queryable, staffId: number): Promise<number> {
  const { rows } = await tx.query('UPDATE staff_sessions SET revoked_at = now() WHERE staff_id = $1 AND revoked_at IS NULL RETURNING id', [staffId]);
  return rows.length;
}
