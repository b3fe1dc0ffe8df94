import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { earlyEventsScript, GOOGLE_SIGN_IN_SOURCES, inlineStorefrontConfig, mapTileSources } from '../modules/storefront/storefront-config';

/** What Stripe.js needs (Stripe's published Content Security Policy requirements for Stripe.js and the Payment Element). */
export const STRIPE_SOURCES = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  imgSrc: ['https://*.stripe.com'],
} as const;

/**
 * Security headers and CORS for the configured origins only. Limits are not here: every limit is a
 * database-backed throttle (core/throttle.ts), counted across instances.
 */
export default fp(async function security(app: FastifyInstance, { config }: { config: Config }) {
  // With a Google client id the page carries an inline settings script (allowed by its hash, the
  // same text storefront.ts injects) and loads Google's sign-in; without one the policy is unchanged.
  const inline = inlineStorefrontConfig(config);
  const google = config.GOOGLE_CLIENT_ID ? GOOGLE_SIGN_IN_SOURCES : undefined;
  // Server-rendered pages carry the early-event capture inline, allowed by its hash too.
  const early = config.SERVER_RENDER ? earlyEventsScript(config) : undefined;
  // Stripe.js and its Payment Element (frames for the card and 3-D Secure) only when Stripe takes the
  // money; with the test provider the policy is unchanged.
  const stripe = config.PAYMENT_PROVIDER === 'stripe' ? STRIPE_SOURCES : undefined;
  const frames = [...(google?.frameSrc ?? []), ...(stripe?.frameSrc ?? [])];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(inline ? [inline.hash] : []), ...(early ? [early.hash] : []), ...(google?.scriptSrc ?? []), ...(stripe?.scriptSrc ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'", ...(google?.styleSrc ?? [])],
        // The checkout's pickup map shows the configured tile server's images, nothing else of it.
        imgSrc: ["'self'", 'data:', 'blob:', ...mapTileSources(config), ...(stripe?.imgSrc ?? [])],
        connectSrc: ["'self'", ...(google?.connectSrc ?? []), ...(stripe?.connectSrc ?? [])],
        ...(frames.length ? { frameSrc: ["'self'", ...frames] } : {}),
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Images are served to the main shop's pages too (the bag widget).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Google's sign-in popup answers its opener: helmet's default (same-origin) would cut that link.
    ...(google ? { crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const } } : {}),
  });
  await app.register(cors, { origin: config.CORS_ORIGINS, credentials: false });
});
