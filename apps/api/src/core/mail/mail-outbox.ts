import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/db';
import type { Mail, PreparedMail } from './mailer';

// The mail outbox (item 2): a mail that tells of something the database records (an order
// placed) is queued in the same transaction, as a row naming what to write, so the two commit or
// roll back together. It is sent at once after the commit, and the `mail-outbox` job (every minute,
// on the instances that run jobs) sends what is left: a process that stopped between the commit and
// the send, a mail server that refused. A row is claimed for five minutes before it is sent, so two
// instances never send it at the same time; a failure waits longer each time (1, 2, 4… minutes) and
// gives up after 8 tries (left in the table with its last error for an operator).
//
// Two kinds of row: one that names what to write (an order, an offer: its writer reads it when the
// mail is sent), and a `mail` row that holds the mail written in the transaction (`addMail`: a
// problem report, a cancellation, a password reset link). A `mail` row keeps only its address and
// subject once sent: a link in its text is a secret that does not stay in the table.
//
// Every mail the store sends is a row of this table: the one way to mail. A mail the reader asked for
// on the page and waits for (a label again) is a row sent at once and awaited (`sendNow`).
//
// What SMTP allows is at least once: a process that dies after the server took the mail and before the
// row is marked sent sends it again when the claim runs out.

declare module 'fastify' {
  interface FastifyInstance {
    mailOutbox: MailOutbox;
  }
}

/** Writes the mail of a row when it is sent; null: nothing to send any more (the order is gone). */
export type MailWriter = (data: Record<string, unknown>) => Promise<Mail | null>;

export interface MailOutbox {
  /** How rows of `kind` are written; registered while the app starts. */
  writer(kind: string, write: MailWriter): void;
  /** Queues a mail in the caller's transaction; answers its id for `sendSoon` after the commit. */
  add(kind: string, data: Record<string, unknown>, tx: Queryable): Promise<number>;
  /** Queues a mail already written, in the caller's transaction (`extra`: logged when written to files). */
  addMail(prepared: PreparedMail, tx: Queryable): Promise<number>;
  /**
   * After the answer (a request that mails takes as long as one that does not: no account enumeration
   * by timing), runs `prepare` in a transaction with the row of the mail it answers, then sends it.
   * What `prepare` writes (a reset link's token) and its mail commit together.
   */
  later(prepare: (tx: Queryable) => Promise<PreparedMail | null>, log: FastifyBaseLogger, what: string): void;
  /** Sends those rows in the background, after the answer (closing the app waits for them). */
  sendSoon(ids: number[]): void;
  /**
   * Queues a mail and sends it now, awaited: a mail the reader asked for on the page (a label again),
   * who hears whether it went. A failure throws and gives the row up (kept with its error), so the
   * job does not send later what the reader was told did not go.
   */
  sendNow(kind: string, data: Record<string, unknown>): Promise<void>;
  /** Sends every row due (the job's sweep); answers how many were sent. */
  sendDue(): Promise<number>;
}

/** Tries before a mail is given up (left in the table with its last error for an operator; metrics count them). */
export const MAX_TRIES = 8;

async function mailOutbox(app: FastifyInstance) {
  const { db, mailer } = app;
  const writers = new Map<string, MailWriter>();
  const sending = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...sending]);
  });

  /** Claims rows (these ids, or every due one) for five minutes; answers what to send. */
  async function claim(ids: number[] | null): Promise<{ id: number; kind: string; data: Record<string, unknown> }[]> {
    const { rows } = await db.query<{ id: number; kind: string; data: Record<string, unknown> }>(
      `UPDATE mail_outbox SET claimed_until = now() + interval '5 minutes', tries = tries + 1
        WHERE id IN (SELECT id FROM mail_outbox
                      WHERE sent_at IS NULL AND tries < ${MAX_TRIES} AND (claimed_until IS NULL OR claimed_until < now())
                        AND ($1::int[] IS NULL OR id = ANY($1::int[]))
                      ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED)
        RETURNING id, kind, data`,
      [ids],
    );
    return rows;
  }

  /** Writes and sends one claimed row, then marks it sent; throws when it could not be sent. */
  async function deliver(row: { id: number; kind: string; data: Record<string, unknown> }): Promise<void> {
    const write = writers.get(row.kind);
    if (!write) throw new Error(`no writer for ${row.kind} mails`);
    const mail = await write(row.data);
    if (mail) await mailer.send(mail);
    // Without SMTP a developer finds the mail (and its link) in the files and the log.
    if (mail && mailer.kind === 'outbox') app.log.info({ kind: row.kind, ...(row.kind === 'mail' ? (row.data.extra as object) : {}) }, `${row.kind} mail written to the outbox`);
    // What the mail carried that is a secret (a guest's claim link, a reset link) does not stay in the table.
    await db.query(
      `UPDATE mail_outbox SET sent_at = now(), claimed_until = NULL, last_error = NULL,
         data = CASE WHEN kind = 'mail' THEN jsonb_build_object('to', data->'mail'->'to', 'subject', data->'mail'->'subject') ELSE data - 'claimToken' END
       WHERE id = $1`,
      [row.id],
    );
  }

  /** Keeps a failure's error; the row is tried again later (1, 2, 4… minutes), or given up at once. */
  async function failed(id: number, error: unknown, giveUp = false): Promise<void> {
    await db
      .query(
        `UPDATE mail_outbox SET claimed_until = now() + interval '1 minute' * power(2, tries - 1), last_error = $2,
           tries = CASE WHEN $3::boolean THEN ${MAX_TRIES} ELSE tries END WHERE id = $1`,
        [id, error instanceof Error ? error.message.slice(0, 500) : String(error), giveUp],
      )
      .catch(() => undefined);
  }

  async function send(rows: { id: number; kind: string; data: Record<string, unknown> }[]): Promise<number> {
    let sent = 0;
    for (const row of rows) {
      try {
        await deliver(row);
        sent++;
      } catch (error) {
        app.log.error({ err: error, mail: row.id, kind: row.kind }, 'mail not sent: tried again later');
        await failed(row.id, error);
      }
    }
    return sent;
  }

  const outbox: MailOutbox = {
    writer(kind, write) {
      writers.set(kind, write);
    },
    async add(kind, data, tx) {
      const { rows } = await tx.query<{ id: number }>('INSERT INTO mail_outbox (kind, data) VALUES ($1, $2) RETURNING id', [kind, JSON.stringify(data)]);
      return Number(rows[0]!.id);
    },
    addMail: (prepared, tx) => outbox.add('mail', { mail: prepared.mail, ...(prepared.extra ? { extra: prepared.extra } : {}) }, tx),
    later(prepare, log, what) {
      const work = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() =>
          db.transaction(async (tx) => {
            const prepared = await prepare(tx);
            return prepared ? outbox.addMail(prepared, tx) : null;
          }),
        )
        .then(async (id) => (id === null ? undefined : send(await claim([id]))))
        .catch((error: unknown) => log.error({ err: error }, `${what} not sent`))
        .finally(() => sending.delete(work));
      sending.add(work);
    },
    sendSoon(ids) {
      if (ids.length === 0) return;
      const work = new Promise<void>((resolve) => setImmediate(resolve))
        .then(async () => send(await claim(ids)))
        .catch((error: unknown) => app.log.error({ err: error }, 'outbox mails not sent: the job sends them'))
        .finally(() => sending.delete(work));
      sending.add(work);
    },
    async sendNow(kind, data) {
      const [row] = await claim([await outbox.add(kind, data, db)]);
      if (!row) throw new Error(`${kind} mail not claimed`);
      try {
        await deliver(row);
      } catch (error) {
        await failed(row.id, error, true);
        throw error;
      }
    },
    sendDue: async () => send(await claim(null)),
  };
  app.decorate('mailOutbox', outbox);
  outbox.writer('mail', async (data) => data.mail as Mail);
  app.jobs.define('mail-outbox', async () => {
    const sent = await outbox.sendDue();
    if (sent) app.log.info({ sent }, 'outbox mails sent');
  });
  app.jobs.every('mail-outbox', '* * * * *');
}

export default fp(mailOutbox, { name: 'mail-outbox', dependencies: ['db', 'jobs', 'mailer'] });
