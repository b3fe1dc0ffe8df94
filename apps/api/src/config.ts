import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_FEE_RATES, DEFAULT_MAP_TILE_URL, OFFER_ANSWER_HOURS, OFFER_BUY_HOURS, OFFER_MAX_PERCENT, OFFER_MIN_PERCENT } from '@preloved/contract';
import workspaceApps from '../../../tools/apps.json';

const repoRoot = path.resolve(__dirname, '../../..');

// The dev servers' origins, from the workspace's one list of apps and ports.
const devOrigins = workspaceApps.apps.map((app) => `http://localhost:${app.port}`).join(',');

/** An IP address or a CIDR block (`10.0.0.0/8`, `2001:db8::/32`). */
function isAddressOrBlock(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

// Every setting of the API, checked once at start. Defaults make `start` work with nothing set.
const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(workspaceApps.apiPort),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset: embedded PGlite under DATA_DIR. Set: a PostgreSQL server with the same migrations. */
  DATABASE_URL: z.string().optional().transform((value) => value || undefined),
  DATA_DIR: z.string().default(path.join(repoRoot, '.data')),
  /**
   * Comma-separated origins allowed by CORS. Unset: the dev servers, except in production, where
   * the storefront is served on the API's own origin and no other origin is let in.
   */
  CORS_ORIGINS: z.string().optional(),
  /** Whether /api/docs (the OpenAPI document and its page) is served; unset: everywhere but production. */
  API_DOCS: z.enum(['true', 'false']).optional(),
  /** A secret that /api/health needs (header X-Operator-Key) to tell its engine and uptime; unset: never told. */
  OPERATOR_KEY: z.string().min(16).optional().or(z.literal('').transform(() => undefined)),
  /** Serve the builds' source maps and mf-stats.json (a debugging aid; off by default). */
  SERVE_SOURCE_MAPS: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  /**
   * Which proxies may say who the client is (X-Forwarded-For). Off by default: the client is the
   * socket's peer, so no header can pick the address a throttle counts. A number trusts that many
   * hops in front of the API; a comma-separated list trusts those addresses or CIDR blocks.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((value, context): number | string[] | false => {
      const text = value.trim();
      if (text === '' || text === 'false' || text === '0') return false;
      if (/^\d+$/.test(text)) return Number(text);
      const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
      const wrong = entries.filter((entry) => !isAddressOrBlock(entry));
      if (wrong.length) context.addIssue({ code: 'custom', message: `not a hop count or IP/CIDR list (${wrong.join(', ')})` });
      return entries;
    }),
  /** When set (the repository root), the API also serves the production storefront on the same origin. */
  STATIC_DIR: z.string().optional().transform((value) => value || undefined),
  /**
   * The shell's build folder, relative to STATIC_DIR: `apps/shell/dist-single` serves the single-bundle
   * build (no federation) that `pnpm bench web` compares with the federated store.
   */
  SHELL_DIST: z.string().default('apps/shell/dist'),
  /**
   * Public pages are rendered on this server when the shell has a server build (DESIGN §10); 'false'
   * serves the plain app to every path, as before.
   */
  SERVER_RENDER: z.enum(['true', 'false']).default('true').transform((value) => value === 'true'),
  /** How long a remote's server module and a page's data may take before the browser renders the page alone. */
  SERVER_RENDER_TIMEOUT_MS: z.coerce.number().int().min(100).default(3000),
  /**
   * Where this server fetches the remotes' server containers that remotes.json names by path
   * (`/remotes/catalog/…`): itself by default; an internal address when the remotes are served elsewhere.
   */
  SERVER_REMOTES_ORIGIN: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  /**
   * How long a public catalogue answer is kept in memory at most (the bound on a sale still
   * shown as available; a listing change clears it within a second anyway). 0 turns the cache off.
   */
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /**
   * How long the HTML of a server-rendered page for a visitor without a session is kept in memory at
   * most; a change of the catalogue's version or of the remotes drops it at once. 0 turns
   * the anonymous-page cache off (every page rendered anew).
   */
  PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** The most HTML the anonymous-page cache keeps, in MB (the least recently used pages leave first). */
  PAGE_CACHE_MAX_MB: z.coerce.number().min(1).max(4096).default(64),
  /** Deploy-time override of the shell's remotes.json (a file path). */
  REMOTES_JSON: z.string().optional().transform((value) => value || undefined),
  PUBLIC_URL: z.string().default('http://localhost:3000'),
  /** The brand's main shop; empty means "not configured" (no separate-account warning). */
  MAIN_DOMAIN: z.string().default('https://www.example-brand.com'),
  SMTP_URL: z.string().optional().transform((value) => value || undefined),
  GOOGLE_CLIENT_ID: z.string().optional().transform((value) => value || undefined),
  /**
   * The pickup map's tiles: an http(s) {z}/{x}/{y} template whose host the CSP allows for
   * images (and nothing else); empty: no map, the checkout shows the list of points alone.
   */
  MAP_TILE_URL: z
    .string()
    .default(DEFAULT_MAP_TILE_URL)
    .refine((value) => value === '' || /^https?:\/\/[^/\s;,']+\/[^\s;,']*\{z\}[^\s;,']*\{x\}[^\s;,']*\{y\}[^\s;,']*$/.test(value), {
      message: 'MAP_TILE_URL must be empty or an http(s) URL template with {z}, {x} and {y}',
    }),
  /** Where Google's signing keys are read; tests serve their own. */
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Sender of the store's e-mails (password recovery). */
  MAIL_FROM: z.string().default('Preloved <no-reply@preloved.test>'),
  /**
   * Sign-in throttling, in a window of LOGIN_WINDOW_SECONDS from a key's first failure: at most
   * LOGIN_MAX_FAILURES failed logins per IP, LOGIN_MAX_FAILURES_PER_ADDRESS per account from one IP,
   * and LOGIN_MAX_FAILURES per account from addresses the owner has not signed in from (the owner's
   * own addresses stay open: strangers' failures must not lock them out).
   */
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(30),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  /** Recovery e-mails per address in the same window (per IP: LOGIN_MAX_FAILURES). */
  RECOVERY_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  /**
   * Registrations and e-mail changes naming one address, in the same window: whether an address has
   * an account cannot be asked more often than this, whatever the number of IPs (per IP: LOGIN_MAX_FAILURES).
   */
  MAX_PROBES_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  /**
   * Accounts one client address may open (each new e-mail was a new welcome code): per
   * hour and per day. Over either: 429 with Retry-After.
   */
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  REGISTRATIONS_PER_DAY: z.coerce.number().int().min(1).default(20),
  /** Mails with a link or code (confirmation, step-up, claim, checkout) per account or address in LOGIN_WINDOW_SECONDS. */
  EMAIL_PROOFS_PER_WINDOW: z.coerce.number().int().min(1).default(3),
  /** Lifetime of a bearer token. */
  SESSION_DAYS: z.coerce.number().int().min(1).default(30),
  /** A token unused for this long ends before its lifetime (a forgotten device stops being a way in). */
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).default(14),
  /**
   * Checkout fee lines (spec §9), in cents. Processing: a fixed part plus a percentage of the
   * subtotal (buyer protection and card costs); verification: per piece (the brand checks each one);
   * shipping: per package (one per seller); delivery: home delivery or a pickup point.
   */
  FEE_PROCESSING_FIXED_CENTS: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_FEE_RATES.processing_fixed_cents),
  FEE_PROCESSING_PERCENT: z.coerce.number().min(0).max(100).default(DEFAULT_FEE_RATES.processing_percent),
  FEE_VERIFICATION_CENTS_PER_PIECE: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_FEE_RATES.verification_cents),
  FEE_SHIPPING_CENTS_PER_PACKAGE: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_FEE_RATES.shipping_cents),
  FEE_DELIVERY_HOME_CENTS: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_FEE_RATES.home_delivery_cents),
  FEE_DELIVERY_PICKUP_CENTS: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_FEE_RATES.pickup_delivery_cents),
  /** Pickup points answered when the client asks for no number, and the most it may ask for. */
  PICKUP_POINTS_DEFAULT_LIMIT: z.coerce.number().int().min(1).max(500).default(20),
  PICKUP_POINTS_MAX_LIMIT: z.coerce.number().int().min(1).max(500).default(100),
  /** Business days between shipping and delivery, for the expected delivery date. */
  DELIVERY_BUSINESS_DAYS: z.coerce.number().int().min(0).max(30).default(2),
  /**
   * A payment attempt still 'processing' after this long was cut off (the instance died): a retry
   * with the same Idempotency-Key takes it over. Its transaction never committed, so nothing is half done.
   */
  PAYMENT_STALE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** The card's extra step (3-D Secure) must be confirmed within this many minutes, or the shopper pays again. */
  PAYMENT_ACTION_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  /** A thread's messages left unread this long are mailed to their reader, one digest a thread (issue 47). */
  MESSAGE_DIGEST_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(10),
  /**
   * Who moves the money: `test` (the built-in test cards, no network) or `stripe`
   * (PaymentIntents and Stripe's Payment Element; needs the three STRIPE_ keys below).
   */
  PAYMENT_PROVIDER: z.enum(['test', 'stripe']).default('test'),
  STRIPE_SECRET_KEY: z.string().optional().or(z.literal('').transform(() => undefined)),
  STRIPE_PUBLISHABLE_KEY: z.string().optional().or(z.literal('').transform(() => undefined)),
  /** The endpoint's signing secret (whsec_…): webhooks are verified with it. */
  STRIPE_WEBHOOK_SECRET: z.string().optional().or(z.literal('').transform(() => undefined)),
  /** Where Stripe's API answers (default https://api.stripe.com): stripe-mock or a test stand-in. */
  STRIPE_API_URL: z.url().optional().or(z.literal('').transform(() => undefined)),
  /**
   * Who pays sellers: `test` (the demo: a requested bank transfer is marked paid by the
   * `payouts-paid` job, no money moves), `stripe_connect` (each released deposit is transferred to the
   * seller's Stripe Express account; needs STRIPE_SECRET_KEY and STRIPE_CONNECT_WEBHOOK_SECRET) or `sepa`
   * (requested bank transfers are exported as pain.001.001.09 files from the brand's account, paid when
   * the operator confirms the batch; needs the SEPA_DEBTOR_ settings).
   */
  PAYOUT_PROVIDER: z.enum(['test', 'stripe_connect', 'sepa']).default('test'),
  /** The Connect webhook endpoint's signing secret (whsec_…, endpoint `<PUBLIC_URL>/api/webhooks/stripe-connect`). */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().optional().or(z.literal('').transform(() => undefined)),
  /** The brand's account that SEPA batches pay from: its holder's name, IBAN and its bank's BIC (optional). */
  SEPA_DEBTOR_NAME: z.string().trim().max(70).optional().or(z.literal('').transform(() => undefined)),
  SEPA_DEBTOR_IBAN: z
    .string()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .refine((value) => value === '' || /^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/.test(value), 'an IBAN, e.g. PT50000201231234567890154')
    .optional()
    .transform((value) => value || undefined),
  SEPA_DEBTOR_BIC: z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .refine((value) => value === '' || /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value), 'a BIC, e.g. CGDIPTPL')
    .optional()
    .transform((value) => value || undefined),
  /**
   * The wallet (spec §5, §9; DESIGN §7): a bank transfer pays BANK_TRANSFER_PERCENT of the amount
   * (the rest is a transaction-fee row); a discount code is worth 100 % in the main shop. Amounts
   * the seller may transfer or turn into a code, in cents. A sale's deposit is pending until the
   * carrier has delivered and WALLET_PROTECTION_HOURS have passed with no problem reported (the
   * buyer's "all is well" ends the window early, never before delivery).
   */
  BANK_TRANSFER_PERCENT: z.coerce.number().min(1).max(100).default(97),
  WALLET_TRANSFER_MIN_CENTS: z.coerce.number().int().min(1).default(1000),
  WALLET_TRANSFER_MAX_CENTS: z.coerce.number().int().min(1).default(500_000),
  WALLET_CODE_MIN_CENTS: z.coerce.number().int().min(1).default(500),
  WALLET_CODE_MAX_CENTS: z.coerce.number().int().min(1).default(100_000),
  WALLET_PROTECTION_HOURS: z.coerce.number().int().min(0).max(24 * 60).default(48),
  /**
   * Who ships and reports deliveries: 'test' (the default here) lets the seller type a CTT or DPD
   * number and reports each package delivered CARRIER_TEST_DELIVERY_BUSINESS_DAYS business days after
   * it was shipped; 'sendcloud' buys a prepaid label from Sendcloud at the sale and waits for
   * the carrier's report (its signed webhook, or the polling fallback) of the delivery.
   */
  CARRIER_MODE: z.enum(['test', 'sendcloud']).default('test'),
  CARRIER_TEST_DELIVERY_BUSINESS_DAYS: z.coerce.number().int().min(0).max(30).default(2),
  /** The Sendcloud API integration's keys (HTTP Basic: public key as user, secret key as password). */
  SENDCLOUD_PUBLIC_KEY: z.string().optional().or(z.literal('').transform(() => undefined)),
  SENDCLOUD_SECRET_KEY: z.string().optional().or(z.literal('').transform(() => undefined)),
  /**
   * What Sendcloud signs its webhooks with (Sendcloud-Signature, HMAC-SHA256 of the body): the
   * integration's secret key unless the integration has a webhook signature key of its own.
   */
  SENDCLOUD_WEBHOOK_SECRET: z.string().optional().or(z.literal('').transform(() => undefined)),
  /** Where Sendcloud's API answers (its v2 by default); tests point it at their stand-in. */
  SENDCLOUD_API_URL: z.url().default('https://panel.sendcloud.sc/api/v2'),
  /**
   * The account's shipping method (Sendcloud's `shipment.id`) for each route and delivery option, as
   * `<from>-<to>-<home|pickup>:<id>` separated by commas, e.g. `PT-PT-home:8,PT-PT-pickup:9,PT-ES-home:10`.
   * Sendcloud's ids belong to the account's contracts (GET /shipping_methods lists them).
   */
  SENDCLOUD_SHIPPING_METHODS: z
    .string()
    .regex(/^\s*[A-Z]{2}-[A-Z]{2}-(home|pickup):\d+\s*(,\s*[A-Z]{2}-[A-Z]{2}-(home|pickup):\d+\s*)*$/, 'e.g. PT-PT-home:8,PT-ES-pickup:9')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The account's sender address in Sendcloud (its id), sent with every parcel when set; the from-address is the seller's. */
  SENDCLOUD_SENDER_ADDRESS_ID: z.coerce.number().int().positive().optional().or(z.literal('').transform(() => undefined)),
  /** A parcel with no delivery this many hours after its label was bought is asked about (a lost webhook), then every CARRIER_POLL_EVERY_HOURS. */
  CARRIER_POLL_AFTER_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(48),
  CARRIER_POLL_EVERY_HOURS: z.coerce.number().int().min(1).max(24 * 7).default(6),
  /** Tries to buy a label before giving up (the seller and the operator then see it failed). */
  CARRIER_LABEL_MAX_TRIES: z.coerce.number().int().min(1).max(100).default(12),
  /**
   * Verification (issue 48). 'hub': each sold piece goes from its seller to the brand's hub (HUB_*),
   * where staff check it against its listing before it goes on to the buyer (or back to the seller,
   * the buyer refunded); the checkout charges FEE_VERIFICATION_CENTS_PER_PIECE for it. 'none': nothing
   * is checked, so no verification fee is charged and no page or mail says pieces are checked. Unset:
   * 'hub' in the demo started with DEMO=true (its hub is the demo's address below), 'none' otherwise —
   * the honest default for a store that has not given a hub's address. A production start with 'hub'
   * refuses a missing or demo hub address.
   */
  VERIFICATION_MODE: z.enum(['hub', 'none']).optional().or(z.literal('').transform(() => undefined)),
  /** The hub's address: where sellers' labels send their parcels, and the sender of the hub's labels. */
  HUB_NAME: z.string().trim().min(1).max(100).optional().or(z.literal('').transform(() => undefined)),
  HUB_ADDRESS: z.string().trim().min(1).max(200).optional().or(z.literal('').transform(() => undefined)),
  HUB_ZIP_CODE: z.string().trim().min(1).max(20).optional().or(z.literal('').transform(() => undefined)),
  HUB_CITY: z.string().trim().min(1).max(100).optional().or(z.literal('').transform(() => undefined)),
  HUB_COUNTRY: z.enum(['PT', 'ES']).default('PT'),
  HUB_PHONE: z.string().trim().max(30).optional().or(z.literal('').transform(() => undefined)),
  /** A package sent to the hub that has not arrived this many days after it was sent is lost: the buyer is refunded (the `hub-lost` job). */
  VERIFICATION_LOST_AFTER_DAYS: z.coerce.number().int().min(1).max(90).default(10),
  /** The store's support address: a buyer's "I have a problem" is mailed there (and to the seller). */
  SUPPORT_EMAIL: z.email().default('support@preloved.test'),
  /**
   * The key the brand's main shop sends (X-Shop-Key) to check and redeem wallet discount codes. In the
   * demo it defaults to the demo's, which the main-shop stand-in's server part holds (never its page);
   * a production store must set its own (the start stops otherwise). A server-to-server secret.
   */
  MAIN_SHOP_KEY: z.string().min(16).optional().or(z.literal('').transform(() => undefined)),
  /**
   * The AES-256-GCM key that seals sellers' DAC7 tax data at rest (32 bytes, base64). In the demo it
   * defaults to the demo's public key; a production store must set its own (the start stops otherwise),
   * and keep it: the data sealed under a lost key cannot be read again.
   */
  TAX_DATA_KEY: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || Buffer.from(value, 'base64').length === 32, { message: 'TAX_DATA_KEY must be 32 bytes in base64 (openssl rand -base64 32)' }),
  /** Who reports to the tax authority (the DAC7 file's Platform Operator): the brand's legal name, its TIN, its country and address. */
  DAC7_OPERATOR_NAME: z.string().default('Preloved Demo, Lda.'),
  DAC7_OPERATOR_TIN: z.string().default('509999990'),
  DAC7_OPERATOR_COUNTRY: z.string().regex(/^[A-Z]{2}$/).default('PT'),
  DAC7_OPERATOR_ADDRESS: z.string().default('Avenida da Liberdade 1, 1250-001 Lisboa'),
  /**
   * Offers (DESIGN.md §7): hours the seller has to accept or decline, hours the buyer then has to buy,
   * and the lowest and highest offer as a percentage of the listing's price.
   */
  OFFER_ANSWER_HOURS: z.coerce.number().min(0.001).max(24 * 60).default(OFFER_ANSWER_HOURS),
  OFFER_BUY_HOURS: z.coerce.number().min(0.001).max(24 * 60).default(OFFER_BUY_HOURS),
  OFFER_MIN_PERCENT: z.coerce.number().int().min(1).max(100).default(OFFER_MIN_PERCENT),
  OFFER_MAX_PERCENT: z.coerce.number().int().min(1).max(100).default(OFFER_MAX_PERCENT),
  /** `/metrics` (Prometheus) answers only `Authorization: Bearer <this>`; unset, it is not served. */
  METRICS_TOKEN: z.string().min(16, { error: 'METRICS_TOKEN must be at least 16 characters' }).optional().or(z.literal('').transform(() => undefined)),
  /** How long a signalled shutdown may wait for running requests, jobs and queued mails before the process exits. */
  CLOSE_GRACE_SECONDS: z.coerce.number().min(0).default(10),
  /**
   * Whether this instance runs the scheduled work (the job queue in the store's database).
   * Unset: yes, except in tests (a test of jobs turns them on). 'false' on instances that only answer
   * requests; the jobs run exactly once whichever instances run them.
   */
  JOBS: z.enum(['true', 'false']).optional().transform((value) => (value === undefined ? undefined : value === 'true')),
  /** How often an idle worker asks the queue for due jobs, in seconds (at least 0.5). */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  /** Where sellers' photos are stored; unset: DATA_DIR/photos. */
  PHOTOS_DIR: z.string().optional().transform((value) => value || undefined),
  /** Set: photos go to this bucket of S3 or an S3-compatible store instead of the disk. */
  PHOTOS_S3_BUCKET: z.string().optional().transform((value) => value || undefined),
  /** An S3-compatible store's address (MinIO, Ceph, R2, ...); unset: AWS S3 of PHOTOS_S3_REGION. */
  PHOTOS_S3_ENDPOINT: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  PHOTOS_S3_REGION: z.string().default('eu-west-1'),
  /** Unset: the SDK's own chain (environment, instance role). */
  PHOTOS_S3_ACCESS_KEY_ID: z.string().optional().transform((value) => value || undefined),
  PHOTOS_S3_SECRET_ACCESS_KEY: z.string().optional().transform((value) => value || undefined),
  PHOTOS_S3_PATH_STYLE: z.enum(['true', 'false']).default('true').transform((value) => value === 'true'),
  /**
   * Limits where money or mail moves, counted in the database (throttle_counters) so they
   * hold across instances; a refusal is a 429 with Retry-After. Payments: attempts and declined cards
   * per account, per e-mail and per client address in PAYMENT_LIMIT_WINDOW_SECONDS (card testing).
   */
  PAYMENT_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  PAYMENT_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  PAYMENT_MAX_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  PAYMENT_MAX_DECLINES: z.coerce.number().int().min(1).default(3),
  PAYMENT_MAX_DECLINES_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  /** Unknown or unusable discount codes tried per account and per client address in the window (code guessing). */
  DISCOUNT_CODE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  DISCOUNT_CODE_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  /** Offers made per buyer, and to one seller from one buyer, per hour (each one mails the seller). */
  OFFERS_MAX_PER_BUYER_PER_HOUR: z.coerce.number().int().min(1).default(20),
  OFFERS_MAX_PER_SELLER_PER_HOUR: z.coerce.number().int().min(1).default(5),
  OFFERS_MAX_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(60),
  /**
   * Photo uploads per seller per hour and per client address per hour, per seller per day (the quota),
   * at once per seller (a slot is held at most PHOTO_SLOT_SECONDS if an instance dies mid-upload), and
   * the most pixels a photo may have (a phone's 12–24 MP photo passes).
   */
  PHOTOS_MAX_PER_HOUR: z.coerce.number().int().min(1).default(60),
  PHOTOS_MAX_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(120),
  PHOTOS_MAX_PER_DAY: z.coerce.number().int().min(1).default(200),
  PHOTOS_MAX_CONCURRENT: z.coerce.number().int().min(1).default(2),
  PHOTO_SLOT_SECONDS: z.coerce.number().int().min(1).default(120),
  PHOTO_MAX_MEGAPIXELS: z.coerce.number().min(1).max(40).default(25),
  /** Hours after which an uploaded photo no listing uses is removed. */
  PHOTO_ORPHAN_HOURS: z.coerce.number().min(0.01).default(24),
  /** Hours a changed IBAN receives no bank transfer (the owner, mailed at once, has time to react). */
  IBAN_HOLD_HOURS: z.coerce.number().min(0).max(24 * 30).default(48),
  // A refund a member of staff decides above this many cents asks for their authenticator's code again
  // (step-up, issue 45): a stolen console session alone does not send money out.
  STAFF_REFUND_STEP_UP_CENTS: z.coerce.number().int().min(0).default(10000),
  /** Shipping-label downloads per sale and per seller per hour. */
  LABELS_MAX_PER_SALE_PER_HOUR: z.coerce.number().int().min(1).default(10),
  LABELS_MAX_PER_SELLER_PER_HOUR: z.coerce.number().int().min(1).default(60),
  /**
   * The demo: demo accounts, listings and the main-store code are seeded, the main-shop stand-in is
   * served, and the test parts (payments, carrier, demo keys, mails to files) are allowed. Unset: the
   * demo except in production: NODE_ENV=production without DEMO=true is a real store, which
   * seeds only the brand, its reference data and its catalogue of products, and refuses to start until
   * every real part is set (`productionProblems`). `npm start` and the tools that run the demo set DEMO=true.
   */
  DEMO: z.enum(['true', 'false', '']).optional().transform((value) => (value === undefined || value === '' ? undefined : value === 'true')),
  /** Seed at start (idempotent): the demo data, or with DEMO=false only what a real store needs. */
  SEED: z.enum(['true', 'false']).default('true').transform((value) => value === 'true'),
});

export type Config = Omit<z.infer<typeof Env>, 'CORS_ORIGINS' | 'API_DOCS' | 'MAIN_SHOP_KEY' | 'TAX_DATA_KEY' | 'DEMO' | 'VERIFICATION_MODE'> & {
  repoRoot: string;
  /** Resolved: see the Env's comment ('hub' only with a hub address). */
  VERIFICATION_MODE: 'hub' | 'none';
  /** The hub's address, with the demo's filled in for a demo in hub mode; null in 'none'. */
  HUB: HubAddress | null;
  CORS_ORIGINS: string[];
  API_DOCS: boolean;
  MAIN_SHOP_KEY: string;
  TAX_DATA_KEY: string;
  DEMO: boolean;
};

/** Secrets with a public demo value: the demo uses it; a production store outside the demo may not. */
export const DEMO_SECRETS = { MAIN_SHOP_KEY: 'preloved-main-shop-demo-key', TAX_DATA_KEY: 'cHJlbG92ZWQtZGVtby10YXgtZGF0YS1rZXktMzJieXQ=' } as const;

/** The brand's verification hub, as labels print it. */
export interface HubAddress {
  name: string;
  address: string;
  zip_code: string;
  city: string;
  country: 'PT' | 'ES';
  phone: string;
}

/** The demo's hub (a made-up warehouse in Lisbon): a real store in hub mode must give its own. */
export const DEMO_HUB: HubAddress = { name: 'Preloved verification hub', address: 'Rua do Centro Logístico 12', zip_code: '2695-000', city: 'Bobadela', country: 'PT', phone: '+351210000000' };

/** A setting that stops the start; its message names the variable, one line per setting. */
export class ConfigError extends Error {}

/** The demo's values of settings a real store must choose itself. */
const DEMO_VALUES = {
  MAIL_FROM: Env.shape.MAIL_FROM.parse(undefined),
  SUPPORT_EMAIL: Env.shape.SUPPORT_EMAIL.parse(undefined),
  MAIN_DOMAIN: Env.shape.MAIN_DOMAIN.parse(undefined),
  DAC7_OPERATOR_NAME: Env.shape.DAC7_OPERATOR_NAME.parse(undefined),
  DAC7_OPERATOR_TIN: Env.shape.DAC7_OPERATOR_TIN.parse(undefined),
  DAC7_OPERATOR_ADDRESS: Env.shape.DAC7_OPERATOR_ADDRESS.parse(undefined),
};
const isTestKey = (value: string | undefined) => value !== undefined && /^(sk|pk|rk)_test_/.test(value);
const isLocal = (hostname: string) => hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '[::1]' || hostname.startsWith('127.');

/**
 * What a real store (NODE_ENV=production without DEMO=true) may not start with, one line per setting
 * (the README's "Production settings" table lists the same). `env` tells a setting left
 * unset from one set to its default.
 */
function productionProblems(settings: z.infer<typeof Env>, env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const demoKeys: string[] = Object.values(DEMO_SECRETS);
  if (settings.PAYMENT_PROVIDER === 'test') {
    problems.push('PAYMENT_PROVIDER must be stripe (the test provider takes made-up cards and moves no money).');
  }
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'] as const) {
    if (isTestKey(settings[name])) problems.push(`${name} must be a live key (${settings[name]!.slice(0, 8)}… is Stripe's test mode: no money moves).`);
  }
  if (settings.PAYOUT_PROVIDER === 'test') {
    problems.push('PAYOUT_PROVIDER must be stripe_connect or sepa (the test payouts mark bank transfers paid and move no money).');
  }
  if (settings.CARRIER_MODE === 'test') {
    problems.push('CARRIER_MODE must be sendcloud (the test carrier reports every parcel delivered, releasing sellers\' credit).');
  }
  if (settings.MAIN_SHOP_KEY === undefined || demoKeys.includes(settings.MAIN_SHOP_KEY)) {
    problems.push('MAIN_SHOP_KEY must be set to a secret of your own (not the demo\'s): the brand\'s server sends it to check and redeem wallet codes.');
  }
  if (settings.TAX_DATA_KEY === undefined || demoKeys.includes(settings.TAX_DATA_KEY)) {
    problems.push('TAX_DATA_KEY must be set to a key of your own (32 bytes in base64: openssl rand -base64 32): it seals sellers\' tax data (DAC7).');
  }
  if (settings.OPERATOR_KEY === undefined || demoKeys.includes(settings.OPERATOR_KEY)) {
    problems.push('OPERATOR_KEY must be set to a secret of your own (16+ characters): resolving buyers\' problems and cancelling overdue orders need it.');
  }
  if (!settings.SMTP_URL) {
    problems.push('SMTP_URL must be set (without it order mails, confirmation and step-up codes are written to files and reach nobody).');
  }
  let publicUrl: URL | undefined;
  try {
    publicUrl = env.PUBLIC_URL ? new URL(settings.PUBLIC_URL) : undefined;
  } catch {
    publicUrl = undefined;
  }
  if (!publicUrl || publicUrl.protocol !== 'https:' || isLocal(publicUrl.hostname)) {
    problems.push('PUBLIC_URL must be set to the store\'s public https:// address (the links in mails and pages point there).');
  }
  for (const name of ['MAIL_FROM', 'SUPPORT_EMAIL'] as const) {
    if (settings[name] === DEMO_VALUES[name]) problems.push(`${name} must be set to an address of the brand (${DEMO_VALUES[name]} is the demo's).`);
  }
  if (settings.MAIN_DOMAIN === DEMO_VALUES.MAIN_DOMAIN) {
    problems.push(`MAIN_DOMAIN must be set to the brand's main shop, or empty for none (${DEMO_VALUES.MAIN_DOMAIN} is the demo's).`);
  }
  // The DAC7 file names who reports: the demo's made-up operator would file a real store's sellers under it.
  for (const name of ['DAC7_OPERATOR_NAME', 'DAC7_OPERATOR_TIN', 'DAC7_OPERATOR_ADDRESS'] as const) {
    if (settings[name] === DEMO_VALUES[name]) problems.push(`${name} must be set to the brand's own (the DAC7 report names the platform operator; ${DEMO_VALUES[name]} is the demo's).`);
  }
  // The hub is the brand's own address whatever the verification mode: Brand Direct pieces leave from it
  // and come back to it, trade-ins are checked there, and buyers read it as the brand's (a trader's details).
  for (const name of ['HUB_ADDRESS', 'HUB_ZIP_CODE', 'HUB_CITY'] as const) {
    if (!settings[name]) problems.push(`${name} must be set: the brand's hub, where its own pieces leave from and come back to and trade-ins are checked${settings.VERIFICATION_MODE === 'hub' ? ", and where sellers' labels send every sold piece (VERIFICATION_MODE=hub)" : ''}.`);
  }
  if (settings.HUB_ADDRESS === DEMO_HUB.address) problems.push(`HUB_ADDRESS must be the brand's hub (${DEMO_HUB.address} is the demo's).`);
  return problems;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  }
  const { CORS_ORIGINS, API_DOCS, DEMO, ...settings } = parsed.data;
  const production = settings.NODE_ENV === 'production';
  // Production by default: only DEMO=true makes a production start the demo.
  const demo = DEMO ?? !production;
  const problems: string[] = [];
  if (settings.PAYMENT_PROVIDER === 'stripe') {
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!settings[name]) problems.push(`${name} must be set when PAYMENT_PROVIDER=stripe.`);
    }
  }
  if (settings.CARRIER_MODE === 'sendcloud') {
    for (const name of ['SENDCLOUD_PUBLIC_KEY', 'SENDCLOUD_SECRET_KEY', 'SENDCLOUD_SHIPPING_METHODS'] as const) {
      if (!settings[name]) problems.push(`${name} must be set when CARRIER_MODE=sendcloud.`);
    }
  }
  if (settings.PAYOUT_PROVIDER === 'stripe_connect') {
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_CONNECT_WEBHOOK_SECRET'] as const) {
      if (!settings[name]) problems.push(`${name} must be set when PAYOUT_PROVIDER=stripe_connect.`);
    }
  }
  if (settings.PAYOUT_PROVIDER === 'sepa') {
    for (const name of ['SEPA_DEBTOR_NAME', 'SEPA_DEBTOR_IBAN'] as const) {
      if (!settings[name]) problems.push(`${name} must be set when PAYOUT_PROVIDER=sepa (the brand's account the transfers are paid from).`);
    }
  }
  // The hub's own parcels (a passed piece on to the buyer, a failed one back to its seller) are labelled
  // by the test carrier only: with Sendcloud they would get no label and no delivery, and a passed
  // piece's buyer would wait for ever, its seller's credit with them.
  if (settings.VERIFICATION_MODE === 'hub' && settings.CARRIER_MODE === 'sendcloud') {
    problems.push("VERIFICATION_MODE=hub needs CARRIER_MODE=test for now: the hub's own labels (on to the buyer, back to the seller) are not bought from Sendcloud yet. With Sendcloud, choose VERIFICATION_MODE=none.");
  }
  if (production && !demo) problems.push(...productionProblems(parsed.data, env));
  if (problems.length > 0) {
    const heading = production && !demo ? ['A production store (NODE_ENV=production without DEMO=true) does not start until these are set (README: "Production settings"):'] : [];
    throw new ConfigError([...heading, ...problems].join('\n'));
  }
  // The demo started as the demo (DEMO=true, as npm start sets it) checks pieces at its made-up hub;
  // anything else charges for no check unless the brand chose the hub (and, in production, gave its address).
  const verificationMode = settings.VERIFICATION_MODE ?? (DEMO === true ? 'hub' : 'none');
  // The hub's address is known when the brand gave it, or the demo's in hub mode; a production start needs it.
  const hub: HubAddress | null =
    verificationMode === 'hub' || settings.HUB_ADDRESS
      ? {
          name: settings.HUB_NAME ?? DEMO_HUB.name,
          address: settings.HUB_ADDRESS ?? DEMO_HUB.address,
          zip_code: settings.HUB_ZIP_CODE ?? DEMO_HUB.zip_code,
          city: settings.HUB_CITY ?? DEMO_HUB.city,
          country: settings.HUB_ADDRESS ? settings.HUB_COUNTRY : DEMO_HUB.country,
          phone: settings.HUB_PHONE ?? (settings.HUB_ADDRESS ? '' : DEMO_HUB.phone),
        }
      : null;
  return {
    ...settings,
    VERIFICATION_MODE: verificationMode,
    HUB: hub,
    DEMO: demo,
    MAIN_SHOP_KEY: settings.MAIN_SHOP_KEY ?? DEMO_SECRETS.MAIN_SHOP_KEY,
    TAX_DATA_KEY: settings.TAX_DATA_KEY ?? DEMO_SECRETS.TAX_DATA_KEY,
    repoRoot,
    CORS_ORIGINS: (CORS_ORIGINS ?? (production ? '' : devOrigins)).split(',').map((origin) => origin.trim()).filter(Boolean),
    API_DOCS: API_DOCS === undefined ? !production : API_DOCS === 'true',
  };
}
