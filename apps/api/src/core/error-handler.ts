import { contentLanguage, type ContentLanguage } from './language';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isErrorCode, REFUSAL_MESSAGES, type ErrorParams } from '@preloved/contract';
import { apiError, HttpError, refusalBody, sentenceFor, STATUS_CODES } from './errors';
import { TooManyAttempts } from './too-many-attempts';

/**
 * Where app.ts's rewriteUrl sends a request whose path cannot be decoded (`/api/%`, `/%c0`): Fastify
 * would otherwise answer it itself, before every hook, without our headers or message shape.
 */
export const MALFORMED_URL_PATH = '/__malformed-url';

/** True when a request path has a broken percent-encoding (what the router would refuse). */
export function isMalformedUrl(url: string): boolean {
  try {
    decodeURIComponent(url.split('?')[0] ?? '');
    return false;
  } catch {
    return true;
  }
}

// SQLSTATEs of input a database refuses: invalid byte sequence, untranslatable character.
const INPUT_THE_DATABASE_REFUSES = new Set(['22021', '22P05']);

/**
 * One error handler for the whole API: every answer has a stable `code` (@preloved/contract's
 * ERROR_CODES, which the client translates) and its English `message`. Validation → 422 with the
 * failing fields (`fields[].key`; the code is the first field's key); other client errors keep their
 * status, code and message; anything unexpected is logged and answered 500 without internals.
 */
async function errorHandler(app: FastifyInstance) {
  const send = (statusCode: number, code: string, message: string, fields?: { field: string; key: string }[], extra?: Record<string, unknown>, params?: ErrorParams) =>
    refusalBody(statusCode, code, { message, fields, extra, params });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return { field, key: issue.message ?? 'invalid' };
      });
      const first = fields[0];
      const code = first && isErrorCode(first.key) ? first.key : 'invalid_request';
      return reply.code(422).send(send(422, code, first ? sentenceFor(first.key, first.field) : 'Invalid request', fields));
    }
    if (error instanceof HttpError) {
      if (error instanceof TooManyAttempts) reply.header('Retry-After', String(error.retryAfterSeconds));
      // A refusal that knows its sentence in both languages answers in the shopper's.
      if ('messageIn' in error && typeof error.messageIn === 'function') {
        const message = (error.messageIn as (language: ContentLanguage) => string)(contentLanguage(request.headers['accept-language']));
        return reply.code(error.statusCode).send(send(error.statusCode, error.code, message, error.fields, error.extra, error.params));
      }
      return reply.code(error.statusCode).send(send(error.statusCode, error.code, error.message, error.fields, error.extra, error.params));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.code(500).send(send(500, 'internal_error', REFUSAL_MESSAGES.internal_error));
    }
    if (INPUT_THE_DATABASE_REFUSES.has((error as { code?: string }).code ?? '')) {
      // Text PostgreSQL cannot store (NUL, broken encoding) that no schema caught: the client's fault.
      return reply.code(422).send(send(422, 'unstorable_characters', REFUSAL_MESSAGES.unstorable_characters));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large, ...
      const unsupported = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE';
      const message = unsupported ? REFUSAL_MESSAGES.unsupported_media_type : error.message;
      return reply.code(status).send(send(status, unsupported ? 'unsupported_media_type' : (STATUS_CODES[status] ?? 'bad_request'), message));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(send(500, 'internal_error', REFUSAL_MESSAGES.internal_error));
  });

  app.all(MALFORMED_URL_PATH, { schema: { hide: true } }, async () => {
    throw apiError(400, 'invalid_url');
  });

  app.setNotFoundHandler((request, reply) => {
    const params = { method: request.method, path: request.url.split('?')[0] ?? '' };
    reply.code(404).send(send(404, 'route_not_found', `No route ${params.method} ${params.path}`, undefined, undefined, params));
  });
}

export default fp(errorHandler, { name: 'error-handler' });
