import {
  ANSWER_TIME,
  ApiErrorWithCode,
  MESSAGE_LIMITS,
  MESSAGE_PHOTOS_MAX,
  MessageCreate,
  MessageSettings,
  SellerAnswerTime,
  SellerParams,
  ThreadDetail,
  ThreadList,
  ThreadMessage,
  ThreadParams,
  ThreadQuery,
  ThreadRead,
  ThreadStart,
  UnreadMessages,
} from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerLanguage } from '../../core/language';
import type { ThreadEvent } from './conversation-events';
import { TooManyAttempts } from '../../core/too-many-attempts';

const errors = { 401: ApiErrorWithCode, 404: ApiErrorWithCode, 409: ApiErrorWithCode, 422: ApiErrorWithCode, 429: ApiErrorWithCode };
const security = [{ bearer: [] }];
const tags = ['conversations'];

/** Buyer–seller conversations: "Ask the seller", the inbox, a thread, its messages, read marks and blocks. */
const conversationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { conversations } = app;

  app.post(
    '/threads',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Asks a piece’s seller: the buyer’s thread about the piece (made on the first ask, the same one after)',
        description: 'An unknown piece, or one not on sale and never sold: 404 `listing_not_found`; one’s own piece: 409 `thread_own_listing`.',
        security,
        body: ThreadStart,
        response: { 200: ThreadDetail, 201: ThreadDetail, ...errors },
      },
    },
    async (request, reply) => {
      const { thread, created } = await conversations.start(request.customerId!, request.body.listing_id, answerLanguage(request, reply));
      return reply.code(created ? 201 : 200).send(thread);
    },
  );

  app.get(
    '/threads',
    { preHandler: app.authenticate, schema: { tags, summary: 'The inbox: the caller’s threads, the latest message first, with unread counts', security, response: { 200: ThreadList, ...errors } } },
    async (request, reply) => ({ threads: await conversations.list(request.customerId!, answerLanguage(request, reply)) }),
  );

  app.get(
    '/threads/unread',
    { preHandler: app.authenticate, schema: { tags, summary: 'Messages from the other parties the caller has not read yet, in all threads', security, response: { 200: UnreadMessages, ...errors } } },
    async (request) => ({ unread: await conversations.unread(request.customerId!) }),
  );

  app.get(
    '/threads/settings',
    { preHandler: app.authenticate, schema: { tags, summary: 'Whether messages left unread are mailed', security, response: { 200: MessageSettings, ...errors } } },
    async (request) => ({ mails: await conversations.mails(request.customerId!) }),
  );

  app.put(
    '/threads/settings',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Turns the mails of unread messages on or off',
        description: 'On (the default): a thread’s messages still unread MESSAGE_DIGEST_MINUTES (10) after they were written are mailed, one digest a thread, in the reader’s language.',
        security,
        body: MessageSettings,
        response: { 200: MessageSettings, ...errors },
      },
    },
    async (request) => {
      await conversations.setMails(request.customerId!, request.body.mails);
      return { mails: request.body.mails };
    },
  );

  app.get(
    '/threads/events',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The caller’s new messages as they come (Server-Sent Events), after what they missed',
        description:
          'text/event-stream: each event is `message`, its `id` the message’s, its data `{ thread_id, message }`; a comment every 20 s keeps it open. `Last-Event-ID` (or `?after=`) is the last message id the reader saw: the messages after it come first. At most 5 streams a reader on an instance: 429. Written on any instance of the store, a message reaches the readers of every instance (PostgreSQL LISTEN/NOTIFY).',
        security,
        querystring: ThreadQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const header = Number(request.headers['last-event-id']);
      const after = Number.isSafeInteger(header) && header >= 0 && header <= 2147483647 ? header : (request.query.after ?? 0);
      const raw = reply.raw;
      let ended = false;
      let stopStream: (() => void) | null = null;
      let beat: NodeJS.Timeout | undefined;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(beat);
        stopStream?.();
        if (reply.sent) raw.end();
      };
      // A reader who leaves while what they missed is still being read is let go as soon as it is.
      raw.on('close', end);
      const begin = () => {
        // The stream's head goes out before its first event.
        reply.hijack();
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          // nginx (`pnpm cluster`) passes each event on at once instead of buffering the answer.
          'x-accel-buffering': 'no',
          'x-request-id': request.id,
        });
        raw.write('retry: 3000\n\n');
      };
      const write = (event: ThreadEvent) => void raw.write(`id: ${event.message.id}\nevent: message\ndata: ${JSON.stringify(event)}\n\n`);
      let opened: (() => void) | null;
      try {
        opened = await conversations.stream(request.customerId!, after, write, end, begin);
      } catch (error) {
        if (!reply.sent) throw error;
        request.log.error({ err: error }, 'a message stream could not catch up');
        end();
        return reply;
      }
      if (!opened) throw new TooManyAttempts(30);
      stopStream = opened;
      if (ended) opened();
      else beat = setInterval(() => raw.write(': keep-alive\n\n'), 20_000);
      return reply;
    },
  );

  app.get(
    '/threads/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'One thread with its messages (those after `after` when given: what a reader who reconnects missed)',
        description: 'Only its two parties read a thread: any other caller gets 404 `thread_not_found`, whether it exists or not.',
        security,
        params: ThreadParams,
        querystring: ThreadQuery,
        response: { 200: ThreadDetail, ...errors },
      },
    },
    async (request, reply) => conversations.detail(request.customerId!, request.params.id, answerLanguage(request, reply), request.query.after),
  );

  app.post(
    '/threads/:id/messages',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Writes a message (text, photos or both): phone numbers, e-mail addresses, IBANs and payment or chat links are masked',
        description: `\`photos\`: at most ${MESSAGE_PHOTOS_MAX} URLs POST /api/seller/photos answered to the sender (the listings' upload checks); another's upload or any other URL: 422 \`photo_not_yours\` on \`photos.<n>\`. Neither text nor photos: 422 \`message_empty\`. At most ${MESSAGE_LIMITS.sender.max} messages a sender in ${MESSAGE_LIMITS.sender.windowSeconds / 60} minutes and ${MESSAGE_LIMITS.thread.max} a thread in ${MESSAGE_LIMITS.thread.windowSeconds} seconds: 429 with Retry-After. A blocked thread: 409 \`thread_blocked\`.`,
        security,
        params: ThreadParams,
        body: MessageCreate,
        response: { 201: ThreadMessage, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await conversations.send(request.customerId!, request.params.id, request.body)),
  );

  app.post(
    '/threads/:id/read',
    { preHandler: app.authenticate, schema: { tags, summary: 'The caller has read the thread up to a message', security, params: ThreadParams, body: ThreadRead, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await conversations.read(request.customerId!, request.params.id, request.body.last_id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/sellers/:id/answer-time',
    {
      schema: {
        tags,
        summary: 'How fast a seller usually answers a buyer’s question (public)',
        description: `The median, in minutes, of the seller's latest ${ANSWER_TIME.answers} answers within ${ANSWER_TIME.days} days, each from a buyer's first text not answered yet to the seller's next text; null below ${ANSWER_TIME.min_answers} answers (an unknown seller has none). Also on the product page's listings and the seller page (\`answer_minutes\`).`,
        params: SellerParams,
        response: { 200: SellerAnswerTime, 422: ApiErrorWithCode },
      },
    },
    async (request, reply) => {
      const found = (await conversations.answerTimes([request.params.id])).get(request.params.id)!;
      // It moves by the minute at most: a CDN may keep it a few minutes.
      reply.header('Cache-Control', 'public, max-age=300');
      return { answer_minutes: found.minutes, answers: found.answers };
    },
  );

  for (const [action, blocked] of [
    ['block', true],
    ['unblock', false],
  ] as const) {
    app.post(
      `/threads/:id/${action}`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: blocked ? 'Blocks the other party: the thread takes no new message' : 'Unblocks a thread the caller blocked',
          description: blocked ? 'Blocked already: nothing changes.' : 'Blocked by the other party: 409 `thread_not_blocked_by_you`.',
          security,
          params: ThreadParams,
          response: { 200: ThreadDetail, ...errors },
        },
      },
      async (request, reply) => conversations.block(request.customerId!, request.params.id, blocked, answerLanguage(request, reply)),
    );
  }
};

export default conversationRoutes;
