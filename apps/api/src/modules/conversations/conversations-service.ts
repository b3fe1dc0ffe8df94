import { randomBytes } from 'node:crypto';
import { ANSWER_TIME, MESSAGE_LIMITS, type MessageCreate, type StaffThread, type ThreadDetail, type ThreadMessage } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { apiError, fieldError, notFound } from '../../core/errors';
import type { ContentLanguage } from '../../core/language';
import type { Mail } from '../../core/mail/mailer';
import { mailText, readerOf } from '../../core/mail/mail-texts';
import type { Queryable } from '../../db/db';
import { recordAudit } from '../backoffice/audit-repository';
import {
  addMessage,
  answerTimes,
  digestOf,
  lockThread,
  mailReader,
  markRead,
  messagePhotoUrl,
  messagesOf,
  openThread,
  pieceToAsk,
  queuePhotoRemovals,
  setBlocked,
  setMessageMails,
  staffThread,
  takeDigests,
  takePhotoRemovals,
  threadOf,
  threadsOf,
  unreadOf,
} from './conversations-repository';
import { conversationMailTexts } from './mail-texts';
import { maskContacts } from './masking';

declare module 'fastify' {
  interface FastifyInstance {
    conversations: ReturnType<typeof conversationsService>;
  }
}

/**
 * Buyer–seller conversations (issue 47): a buyer asks a piece's seller, the two write to each other,
 * and no one else reads the thread (a thread not the caller's is "not found", whether it exists or
 * not). A message is masked before it is stored, counted against the sender's and the thread's limits
 * before it is written, and refused once either party has blocked the thread.
 */
function conversationsService(app: FastifyInstance) {
  const { db, clock, config, mailOutbox: outbox } = app;
  const publicUrl = config.PUBLIC_URL.replace(/\/$/, '');

  /** A thread's digest for its reader, written when it is sent: nothing when they have read it since, or turned the mails off. */
  async function digestMail(data: Record<string, unknown>): Promise<Mail | null> {
    const readerId = Number(data.readerId);
    const reader = await mailReader(db, readerId);
    if (!reader?.message_mails) return null;
    const text = mailText(readerOf(reader), conversationMailTexts);
    const digest = await digestOf(db, Number(data.threadId), readerId, Number(data.upTo), text.language);
    if (!digest || digest.messages.length === 0) return null;
    const { t } = text;
    const about = { name: digest.thread.other_name, title: digest.thread.piece.title };
    return {
      to: reader.email,
      subject: t('messages.digestSubject', about),
      text: [
        t('messages.digestIntro', about),
        '',
        ...digest.messages.flatMap((message) => [
          ...(message.body ? [t('messages.digestLine', { text: message.body })] : []),
          ...(message.photos === 0 ? [] : [message.photos === 1 ? t('messages.digestPhoto') : t('messages.digestPhotos', { count: message.photos })]),
        ]),
        ...(digest.messages.some((message) => message.masked) ? ['', t('messages.digestMasked')] : []),
        '',
        t('messages.digestAnswer', { link: text.page(publicUrl, `/user/messages/${digest.thread.id}`) }),
        t('messages.digestOff', { link: text.page(publicUrl, '/user/messages') }),
        '',
        t('common.signature'),
      ].join('\n'),
    };
  }
  outbox.writer('message-digest', digestMail);

  /** The upload's name in a URL POST /api/seller/photos answered (the contract's PhotoUrl checked its form). */
  const uploadName = (url: string) => /([a-f0-9]{32})\.webp$/.exec(url)![1]!;

  /**
   * Copies the sender's uploads for a message under random names of its own (each name given only to
   * the thread's parties), both sizes; `copied` collects the names as they are written, so a message
   * that fails after some can have them removed.
   */
  async function copyPhotos(urls: string[], copied: string[]): Promise<string[]> {
    const storage = app.photoStorage;
    for (const [index, url] of urls.entries()) {
      const upload = uploadName(url);
      const [large, card] = await Promise.all([storage.get(`${upload}.webp`), storage.get(`${upload}-card.webp`)]);
      if (!large || !card) throw fieldError(`photos.${index}`, 'photo_not_yours');
      const name = randomBytes(16).toString('hex');
      copied.push(name);
      await storage.put(`${name}.webp`, large);
      await storage.put(`${name}-card.webp`, card);
    }
    return copied;
  }

  async function detail(customerId: number, threadId: number, language: ContentLanguage, after = 0): Promise<ThreadDetail> {
    const thread = await threadOf(db, customerId, threadId, language);
    if (!thread) throw notFound('Thread');
    return { ...thread, messages: await messagesOf(db, customerId, threadId, after) };
  }

  return {
    detail,

    /** "Ask the seller": the buyer's thread about the piece, made on the first ask. */
    async start(buyerId: number, listingId: number, language: ContentLanguage): Promise<{ thread: ThreadDetail; created: boolean }> {
      const piece = await pieceToAsk(db, listingId);
      if (!piece || piece.seller_id === null || !['active', 'reserved', 'sold'].includes(piece.status)) throw notFound('Listing');
      if (piece.seller_id === buyerId) throw apiError(409, 'thread_own_listing');
      const { id, created } = await openThread(db, buyerId, piece.seller_id, listingId, clock.now());
      return { thread: await detail(buyerId, id, language), created };
    },

    list: (customerId: number, language: ContentLanguage) => threadsOf(db, customerId, language),

    unread: (customerId: number) => unreadOf(db, customerId),

    /** The reader's live stream of new messages (conversation-events.ts). */
    stream: (...args: Parameters<FastifyInstance['conversationEvents']['stream']>) => app.conversationEvents.stream(...args),

    async send(senderId: number, threadId: number, { text, photos }: z.output<typeof MessageCreate>): Promise<ThreadMessage> {
      const now = clock.now();
      const { text: body, masked } = maskContacts(text);
      const copied: string[] = [];
      try {
        return await db.transaction(async (tx) => {
          // The thread's row lock orders a thread's messages and a block: none is written after it.
          const thread = await lockThread(tx, threadId);
          if (!thread || (thread.buyer_id !== senderId && thread.seller_id !== senderId)) throw notFound('Thread');
          if (thread.blocked_by !== null) throw apiError(409, 'thread_blocked');
          await app.throttle.attempt(
            [
              { key: `message:sender:${senderId}`, ...MESSAGE_LIMITS.sender },
              { key: `message:thread:${threadId}`, ...MESSAGE_LIMITS.thread },
            ],
            { tx },
          );
          // Only the sender's own uploads (photo_uploads, as a listing's photos): never another's, nor any other URL.
          const notOwned = photos.length ? await app.photoUploads.notOwned(senderId, photos, tx) : [];
          if (notOwned.length) throw fieldError(`photos.${notOwned[0]}`, 'photo_not_yours');
          const names = await copyPhotos(photos, copied);
          const id = await addMessage(tx, threadId, senderId, body, masked, now, names);
          await app.conversationEvents.notify(tx, id);
          return { id, from: 'me' as const, text: body, photos: names.map(messagePhotoUrl), removed: false, event: null, masked, created_at: now.toISOString() };
        });
      } catch (error) {
        // Copies a message that was not written will never show: their files go with the next removals.
        await queuePhotoRemovals(db, copied);
        throw error;
      }
    },

    /** Removes the files of message photos no longer shown; answers how many. */
    async removePhotos(): Promise<number> {
      const names = await db.transaction((tx) => takePhotoRemovals(tx, 500));
      for (const [index, name] of names.entries()) {
        try {
          await app.photoStorage.remove(`${name}.webp`);
          await app.photoStorage.remove(`${name}-card.webp`);
        } catch (error) {
          await queuePhotoRemovals(db, names.slice(index));
          throw error;
        }
      }
      return names.length;
    },

    /** Sellers' usual answer times (ANSWER_TIME), in minutes, null for too few answers; for the product and seller pages. */
    async answerTimes(sellerIds: number[], tx: Queryable = db) {
      return answerTimes(tx, sellerIds, new Date(clock.now().getTime() - ANSWER_TIME.days * 86_400_000));
    },

    /** A thread read by a member of staff, and the audit log's entry saying who read it and why, in one transaction. */
    async readAsStaff(staffId: number, threadId: number, reason: string): Promise<StaffThread> {
      return db.transaction(async (tx) => {
        const thread = await staffThread(tx, threadId);
        if (!thread) throw notFound('Thread');
        await recordAudit(tx, {
          staffId,
          action: 'thread.read',
          targetType: 'thread',
          targetId: threadId,
          after: { buyer_id: thread.buyer.id, seller_id: thread.seller.id, listing_id: thread.piece.listing_id, messages: thread.messages.length },
          reason,
        });
        return thread;
      });
    },

    /** Queues the digests due (unread MESSAGE_DIGEST_MINUTES after they were written); answers how many. */
    async sendDigests(): Promise<number> {
      const ids = await db.transaction(async (tx) => {
        const queued: number[] = [];
        for (const due of await takeDigests(tx, clock.now(), config.MESSAGE_DIGEST_MINUTES)) {
          queued.push(await outbox.add('message-digest', { threadId: due.thread_id, readerId: due.reader_id, upTo: due.up_to }, tx));
        }
        return queued;
      });
      outbox.sendSoon(ids);
      return ids.length;
    },

    /** Whether the customer is mailed the messages they leave unread. */
    async mails(customerId: number): Promise<boolean> {
      return (await mailReader(db, customerId))?.message_mails ?? true;
    },

    setMails: (customerId: number, on: boolean) => setMessageMails(db, customerId, on),

    async read(customerId: number, threadId: number, lastId: number): Promise<void> {
      if (!(await threadOf(db, customerId, threadId, 'en'))) throw notFound('Thread');
      await markRead(db, customerId, threadId, lastId);
    },

    async block(customerId: number, threadId: number, blocked: boolean, language: ContentLanguage): Promise<ThreadDetail> {
      const thread = await threadOf(db, customerId, threadId, language);
      if (!thread) throw notFound('Thread');
      if (!(await setBlocked(db, customerId, threadId, blocked, clock.now())) && !blocked && thread.blocked === 'by_them') throw apiError(409, 'thread_not_blocked_by_you');
      return detail(customerId, threadId, language);
    },
  };
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('conversations', conversationsService(app));
    app.jobs.define('message-digests', async () => {
      const mailed = await app.conversations.sendDigests();
      if (mailed) app.log.info({ mailed }, 'message digests queued');
    });
    app.jobs.every('message-digests', '* * * * *');
    // Files of message photos no longer shown (an erased writer's, a deleted thread's), once across instances.
    app.jobs.define('thread-photo-removals', async () => {
      const removed = await app.conversations.removePhotos();
      if (removed) app.log.info({ removed }, 'message photos removed');
    });
    app.jobs.every('thread-photo-removals', '*/10 * * * *');
  },
  { name: 'conversations', dependencies: ['db', 'clock', 'config', 'jobs', 'mail-outbox', 'conversation-events', 'photo-storage', 'photo-uploads', 'throttle'] },
);
