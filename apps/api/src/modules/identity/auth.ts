import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiError } from '../../core/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer, set by `app.authenticate` (or `app.identify` when a valid token came). */
    customerId: number | null;
    /** The session of the request's token, so a password change can keep it and end the others. */
    sessionId: number | null;
  }
  interface FastifyInstance {
    /** preHandler for calls that need a signed-in customer: 401 { message } without a live token. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** preHandler for calls where signing in is optional: a missing or dead token is simply ignored. */
    identify(request: FastifyRequest): Promise<void>;
  }
}

/** The bearer token of a request, or null when there is none. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : '';
}

/**
 * Bearer sessions: tokens are looked up by their hash; expired,
 * revoked and forged tokens are all answered 401 alike, which the client takes as "signed out".
 */
export default fp(
  async function auth(app: FastifyInstance) {
    app.decorateRequest('customerId', null);
    app.decorateRequest('sessionId', null);

    async function resolve(request: FastifyRequest): Promise<boolean> {
      const token = bearerToken(request);
      if (!token) return false;
      const session = await app.sessions.find(token);
      if (!session) return false;
      request.customerId = session.customer_id;
      request.sessionId = session.id;
      return true;
    }

    // Answers that carry a token or personal data stay out of every cache (browser, proxy, CDN): all
    // of customers/*, and anything asked with a token unless the route chose its own caching.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/customers/') || (request.headers.authorization && !reply.hasHeader('cache-control'))) {
        reply.header('Cache-Control', 'no-store');
      }
    });

    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (!(await resolve(request))) throw apiError(401, 'session_ended');
    });
    app.decorate('identify', async (request: FastifyRequest) => {
      await resolve(request);
    });
  },
  { name: 'auth', dependencies: ['sessions'] },
);
