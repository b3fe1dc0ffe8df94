import type { ThreadMessage } from '@preloved/contract';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';

/**
 * The messages pages' live stream in component tests: GET /api/threads/events answered as the API
 * does (text/event-stream), open until the test ends; `tell` writes a message event into it, and
 * `opened` has the query each stream was opened with (where it started).
 */
export function liveStream() {
  let push: ((chunk: string) => void) | null = null;
  const opened: string[] = [];
  server.use(
    http.get(api('/threads/events'), ({ request }) => {
      opened.push(new URL(request.url).search);
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (chunk) => controller.enqueue(encoder.encode(chunk));
          push('retry: 3000\n\n');
        },
      });
      return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  return {
    opened,
    tell: (threadId: number, told: Pick<ThreadMessage, 'id'> & Partial<ThreadMessage>) =>
      push?.(`id: ${told.id}\nevent: message\ndata: ${JSON.stringify({ thread_id: threadId, message: told })}\n\n`),
  };
}
