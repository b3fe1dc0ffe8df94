import type { MessageCreate, MessageSettings, ThreadDetail, ThreadList, ThreadMessage } from '@preloved/contract';
import { api, HTTPError } from './client';
import { refreshNotifications } from './offers';

// The calls of buyer–seller messages (issue 47). The pages show the refusals of writing (a blocked
// thread, a limit's "try again in…") next to the box, so those skip the catalogue's toast.
const own = { handlesErrors: true };

/** "Ask the seller": the buyer's thread about the piece (made on the first ask, the same one after). */
export function startThread(listingId: number): Promise<ThreadDetail> {
  return api().post('threads', { json: { listing_id: listingId } }).json<ThreadDetail>();
}

/** GET /api/threads — the inbox, the latest message first. */
export function getThreads(signal?: AbortSignal): Promise<ThreadList> {
  return api().get('threads', { signal }).json<ThreadList>();
}

/** GET /api/threads/:id — the thread with its messages; null for an id that is none of the caller's threads (404). */
export async function findThread(id: string | undefined, signal?: AbortSignal): Promise<ThreadDetail | null> {
  const number = Number(id);
  if (!Number.isInteger(number) || number < 1 || number > 2147483647) return null;
  try {
    return await api().get(`threads/${number}`, { signal }).json<ThreadDetail>();
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 404) return null;
    throw error;
  }
}

/** POST /api/threads/:id/messages — the message as stored (masked where it had contact details). */
export function sendMessage(id: number, json: MessageCreate): Promise<ThreadMessage> {
  return api().post(`threads/${id}/messages`, { json, context: own }).json<ThreadMessage>();
}

/** POST /api/threads/:id/read — read up to `lastId`; the header's count is read again (it counts every thread). */
export async function markThreadRead(id: number, lastId: number): Promise<void> {
  await api().post(`threads/${id}/read`, { json: { last_id: lastId }, context: own });
  await refreshNotifications();
}

/** POST /api/threads/:id/block | unblock — the thread as it now is. */
export function blockThread(id: number, blocked: boolean): Promise<ThreadDetail> {
  return api().post(`threads/${id}/${blocked ? 'block' : 'unblock'}`).json<ThreadDetail>();
}

/** GET /api/threads/settings — whether unread messages are mailed. */
export function getMessageSettings(signal?: AbortSignal): Promise<MessageSettings> {
  return api().get('threads/settings', { signal }).json<MessageSettings>();
}

/** PUT /api/threads/settings. */
export function setMessageSettings(json: MessageSettings): Promise<MessageSettings> {
  return api().put('threads/settings', { json }).json<MessageSettings>();
}

/** A message of one of the reader's threads, as the live stream tells it. */
export interface ThreadEvent {
  thread_id: number;
  message: ThreadMessage;
}

/**
 * The reader's new messages as they are written, from any instance of the store, after message
 * `after` (what the page already shows): a Server-Sent Events stream (GET /api/threads/events). Answers
 * a function that closes it. Its code (the `eventsource` package) comes with the first page that
 * listens, not with the store's first load.
 */
export function watchMessages(after: number, onMessage: (event: ThreadEvent) => void): () => void {
  let close: (() => void) | null = null;
  let closed = false;
  void import('./message-stream').then(({ openMessageStream }) => {
    if (!closed) close = openMessageStream(after, onMessage);
  });
  return () => {
    closed = true;
    close?.();
  };
}
