import type { Queryable } from '../../db/db';

/** What staff did, as the audit log records it. */
export type AuditAction =
  | 'staff.invite'
  | 'staff.accept_invitation'
  | 'staff.sign_in'
  | 'staff.sign_out'
  | 'staff.revoke_session'
  | 'staff.change_role'
  | 'staff.deactivate'
  | 'dispute.resolve'
  | 'code.create'
  | 'code.pause'
  | 'code.resume'
  | 'code.end'
  | 'payout.approve_iban'
  | 'payout.freeze'
  | 'listing.approve'
  | 'listing.reject'
  | 'listing.changes'
  | 'settings.moderation'
  | 'settings.credit_bonus'
  | 'settings.price_rules'
  | 'customer.block'
  | 'customer.unblock'
  | 'report.dismiss'
  | 'report.remove'
  | 'report.hide'
  | 'report.restrict'
  | 'report.contest.upheld'
  | 'report.contest.reversed'
  | 'tax.dac7_report'
  | 'thread.read'
  | 'verification.receive'
  | 'verification.pass'
  | 'verification.fail'
  | 'brand_stock.add'
  | 'brand_stock.send'
  | 'brand_stock.return_received'
  | 'settings.trade_in'
  | 'trade_in.receive'
  | 'trade_in.confirm'
  | 'trade_in.reprice'
  | 'trade_in.return';

export interface AuditEntry {
  /** Null for what no staff member did (the CLI's first admin). */
  staffId: number | null;
  action: AuditAction;
  targetType?: string;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

export interface AuditRow {
  id: number;
  staff_id: number | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  at: string;
  /** The member's name when the entry was read (null for what no member did). */
  staff_name: string | null;
}

export interface AuditFilter {
  staffId?: number;
  action?: string;
  from?: Date;
  to?: Date;
}

/**
 * Appends one entry. Pass the action's own transaction: the entry and the action commit or fail
 * together, so the log never shows what did not happen nor misses what did.
 */
export async function recordAudit(tx: Queryable, entry: AuditEntry): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO staff_audit (staff_id, action, target_type, target_id, before, after, reason)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7) RETURNING id::int AS id`,
    [
      entry.staffId,
      entry.action,
      entry.targetType ?? null,
      entry.targetId === undefined ? null : String(entry.targetId),
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      entry.reason ?? null,
    ],
  );
  return rows[0]!.id;
}

function where(filter: AuditFilter): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (filter.staffId !== undefined) clauses.push(`a.staff_id = $${params.push(filter.staffId)}`);
  if (filter.action !== undefined) clauses.push(`a.action = $${params.push(filter.action)}`);
  if (filter.from !== undefined) clauses.push(`a.at >= $${params.push(filter.from.toISOString())}`);
  if (filter.to !== undefined) clauses.push(`a.at < $${params.push(filter.to.toISOString())}`);
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

const COLUMNS = `a.id::int AS id, a.staff_id, s.name AS staff_name, a.action, a.target_type, a.target_id, a.before, a.after, a.reason,
  to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at`;
const FROM = 'staff_audit a LEFT JOIN staff s ON s.id = a.staff_id';

/** A page of entries, newest first, and the total the filter matches. */
export async function listAudit(db: Queryable, filter: AuditFilter, page: { limit: number; offset: number }): Promise<{ entries: AuditRow[]; total: number }> {
  const { sql, params } = where(filter);
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff_audit a ${sql}`, params);
  const { rows } = await db.query<AuditRow>(
    `SELECT ${COLUMNS} FROM ${FROM} ${sql} ORDER BY a.at DESC, a.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, page.limit, page.offset],
  );
  return { entries: rows, total: total.rows[0]!.n };
}

// A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with ' so an exported
// reason or target cannot execute when finance opens the file.
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Every entry the filter matches, oldest first, as CSV (RFC 4180, CRLF). */
export async function auditCsv(db: Queryable, filter: AuditFilter): Promise<string> {
  const { sql, params } = where(filter);
  const { rows } = await db.query<AuditRow>(`SELECT ${COLUMNS} FROM ${FROM} ${sql} ORDER BY a.at, a.id`, params);
  const header = ['id', 'at', 'staff_id', 'staff_name', 'action', 'target_type', 'target_id', 'before', 'after', 'reason'];
  const lines = rows.map((row) => [row.id, row.at, row.staff_id, row.staff_name, row.action, row.target_type, row.target_id, row.before, row.after, row.reason].map(csvCell).join(','));
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
