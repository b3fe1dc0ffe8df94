import { contentLanguage, type ContentLanguage } from '../../lib/language';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError, sentenceFor } from '../../lib/errors';
import { TooManyAttempts } from '../../lib/too-many-attempts';

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

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
 * One error handler for the whole API: validation → 422 with a readable message and the failing
 * fields (the client shows `message`, spec §8); other client errors keep their status and message;
 * anything unexpected is logged and answered 500 without internals.
 */
async function errorHandler(app: FastifyInstance) {
  const send = (statusCode: number, message: string, fields?: { field: string; key: string }[], extra?: Record<string, unknown>) => ({
    ...extra,
    statusCode,
    error: STATUS_NAMES[statusCode] ?? 'Error',
    message,
    ...(fields ? { fields } : {}),
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return { field, key: issue.message ?? 'invalid' };
      });
      const first = fields[0];
      return reply.code(422).send(send(422, first ? sentenceFor(first.key, first.field) : 'Invalid request', fields));
    }
    if (error instanceof HttpError) {
      if (error instanceof TooManyAttempts) reply.header('Retry-After', String(error.retryAfterSeconds));
      // A refusal that knows its sentence in both languages answers in the shopper's.
      if ('messageIn' in error && typeof error.messageIn === 'function') {
        const message = (error.messageIn as (language: ContentLanguage) => string)(contentLanguage(request.headers['accept-language']));
        return reply.code(error.statusCode).send(send(error.statusCode, message, error.fields, error.extra));
      }
      return reply.code(error.statusCode).send(send(error.statusCode, error.message, error.fields, error.extra));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.code(500).send(send(500, 'Internal server error'));
    }
    if (INPUT_THE_DATABASE_REFUSES.has((error as { code?: string }).code ?? '')) {
      // Text PostgreSQL cannot store (NUL, broken encoding) that no schema caught: the client's fault.
      return reply.code(422).send(send(422, 'The request contains characters that cannot be stored.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large, ...
      const message = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Unsupported content type; send application/json' : error.message;
      return reply.code(status).send(send(status, message));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(send(500, 'Internal server error'));
  });

  app.all(MALFORMED_URL_PATH, { schema: { hide: true } }, async () => {
    throw new HttpError(400, 'The address of this request is not a valid URL.');
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(send(404, `No route ${request.method} ${request.url.split('?')[0]}`));
  });
}

export default fp(errorHandler, { name: 'error-handler' });
