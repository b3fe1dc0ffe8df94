import type { ThreadMessage } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import { messageFor, messagesSince } from './conversations-repository';

declare module 'fastify' {
  interface FastifyInstance {
    conversationEvents: ReturnType<typeof conversationEvents>;
  }
}

/** What a reader's stream is told: a message of one of their threads, as they read it. */
export interface ThreadEvent {
  thread_id: number;
  message: ThreadMessage;
}
type Reader = (event: ThreadEvent) => void;

/** A reader's open streams at once, on one instance (tabs, devices); one more is refused. */
export const STREAMS_PER_READER = 5;
const CATCH_UP_PAGE = 500;
const SENT_KEPT = 1000;

/**
 * New messages to the readers connected to this instance, whichever instance they were written on:
 * a message's transaction NOTIFYs its id (PostgreSQL's LISTEN/NOTIFY, heard by every instance once it
 * commits; the embedded database has one instance); each instance reads the message once and hands it
 * to its readers among the thread's two parties. A reader that was not told (its instance lost the
 * LISTEN connection) catches up by its last seen id, as one that reconnects does.
 */
function conversationEvents(app: FastifyInstance) {
  const { db } = app;
  // NOTIFY channels are the database's, not a schema's: the schema names its own (thread_channel(),
  // migration 061, which the database's triggers notify on too), so tests on one server keep apart.
  let channel: string | null = null;
  const channelName = async () => (channel ??= (await db.query<{ name: string }>('SELECT thread_channel() AS name')).rows[0]!.name);
  const readers = new Map<number, Set<Reader>>();
  const resyncs = new Set<() => void>();
  const streams = new Set<() => void>();
  /** Each reader's open streams on this instance (STREAMS_PER_READER at most). */
  const open = new Map<number, number>();
  // Listened to once, when the first reader connects (two at once share the one LISTEN).
  let listening: Promise<() => Promise<void>> | null = null;

  async function heard(payload: string) {
    const id = Number(payload);
    if (!Number.isSafeInteger(id)) return;
    const found = await messageFor(db, id);
    if (!found) return;
    for (const party of [found.buyer_id, found.seller_id]) {
      for (const reader of readers.get(party) ?? []) reader({ thread_id: found.thread_id, message: found.read(party) });
    }
  }

  const events = {
    /** Tells every instance of a new message, when `tx` commits. */
    async notify(tx: Queryable, messageId: number): Promise<void> {
      await tx.query('SELECT pg_notify(thread_channel(), $1)', [String(messageId)]);
    },

    /** `reader` hears the customer's new messages until the returned function is called; `resync` when some may have been missed. */
    async subscribe(customerId: number, reader: Reader, resync: () => void): Promise<() => void> {
      await (listening ??= channelName().then((name) =>
        db.listen(
          name,
          (payload) => void heard(payload).catch((error: unknown) => app.log.error({ err: error }, 'a thread message could not be told')),
          () => resyncs.forEach((each) => each()),
        ),
      ).catch((error: unknown) => {
        listening = null;
        throw error;
      }));
      const own = readers.get(customerId) ?? new Set();
      own.add(reader);
      readers.set(customerId, own);
      resyncs.add(resync);
      return () => {
        own.delete(reader);
        if (own.size === 0) readers.delete(customerId);
        resyncs.delete(resync);
      };
    },

    /**
     * A reader's stream: what they missed after `after` first (by id, oldest first), then each new
     * message as it comes, each message once and in the order written to `write`; null when the
     * reader has STREAMS_PER_READER open already, else `begin` is called before anything is written.
     * `end` stops it; the instance's close ends them all.
     */
    async stream(customerId: number, after: number, write: (event: ThreadEvent) => void, end: () => void, begin: () => void): Promise<(() => void) | null> {
      // The slot is taken at once, before anything is awaited: a reader's next stream, asked for the
      // moment this one's head went out, already counts it.
      const taken = open.get(customerId) ?? 0;
      if (taken >= STREAMS_PER_READER) return null;
      open.set(customerId, taken + 1);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        const left = (open.get(customerId) ?? 1) - 1;
        if (left > 0) open.set(customerId, left);
        else open.delete(customerId);
      };
      begin();
      const sent = new Set<number>();
      let last = after;
      let caughtUp = false;
      const waiting: ThreadEvent[] = [];
      const deliver = (event: ThreadEvent) => {
        if (sent.has(event.message.id)) return;
        sent.add(event.message.id);
        if (sent.size > SENT_KEPT) sent.delete(sent.values().next().value!);
        last = Math.max(last, event.message.id);
        write(event);
      };
      const catchUp = async () => {
        for (;;) {
          const missed = await messagesSince(db, customerId, last, CATCH_UP_PAGE);
          missed.forEach(deliver);
          if (missed.length < CATCH_UP_PAGE) return;
        }
      };
      // Listening first, then reading what was missed: a message written in between is heard, kept
      // until the catch-up is done, and told once.
      streams.add(end);
      let unsubscribe: () => void;
      try {
        unsubscribe = await events.subscribe(
          customerId,
          (event) => (caughtUp ? deliver(event) : waiting.push(event)),
          () => void catchUp().catch(() => end()),
        );
      } catch (error) {
        streams.delete(end);
        release();
        throw error;
      }
      const stopStream = () => {
        unsubscribe();
        streams.delete(end);
        release();
      };
      try {
        await catchUp();
      } catch (error) {
        stopStream();
        throw error;
      }
      waiting.splice(0).forEach(deliver);
      caughtUp = true;
      return stopStream;
    },

    /** Readers connected to this instance (metrics, the benchmark). */
    readerCount: () => [...readers.values()].reduce((sum, set) => sum + set.size, 0),

    /** Ends every open stream (the instance is stopping: its readers reconnect to another). */
    endStreams() {
      for (const end of [...streams]) end();
    },

    async close() {
      const stopping = listening;
      listening = null;
      if (stopping) await (await stopping)().catch(() => undefined);
    },
  };
  return events;
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('conversationEvents', conversationEvents(app));
    // Open streams would keep the server from closing: they end first, and their readers reconnect.
    app.addHook('preClose', async () => app.conversationEvents.endStreams());
    app.addHook('onClose', async () => app.conversationEvents.close());
  },
  { name: 'conversation-events', dependencies: ['db'] },
);
