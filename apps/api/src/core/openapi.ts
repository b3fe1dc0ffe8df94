import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document, generated from the contract's zod schemas, and its docs page at /api/docs;
 * in production only when API_DOCS=true (a map of every call is an attacker's head start).
 */
export default fp(async function openapi(app: FastifyInstance) {
  if (!app.config.API_DOCS) return;
  await app.register(swagger, {
    openapi: {
      info: { title: 'Preloved API', description: 'The product API of the Preloved second-hand storefront.', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, shopKey: { type: 'apiKey', in: 'header', name: 'X-Shop-Key' }, staffCookie: { type: 'apiKey', in: 'cookie', name: 'preloved_staff' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
