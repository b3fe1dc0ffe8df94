import { BRAND_ID } from '@preloved/contract';
import type { Config } from '../config';
import { addBrandStock, type BrandStockSource } from '../modules/brand-direct/brand-stock';
import { hashPassword } from '../modules/identity/passwords';
import { ADDED_PRODUCTS, CATEGORIES, COLOURS, COMMENTS, CONDITIONS, describe, describePt, PRODUCTS, random, SELLERS, sizesFor, TITLES_PT, type ProductSeed } from './catalogue-data';
import { CONDITION_DESCRIPTIONS_ES, describeEs, TITLES_ES } from './catalogue-spanish';
import type { Db, Queryable } from './db';

const asset = (name: string) => `/api/assets/brand/${name}.svg`;
export const photoUrl = (kind: string, colour: string, n: number) => `/api/assets/photos/${kind}/${colour}/${n}.svg`;

/** Brand 1 as stored: every brand-details field of spec §3, images served by the API itself. */
function brandRow(config: Pick<Config, 'MAIN_DOMAIN'>) {
  const collection = (id: number, key: string, title: string, description: string, link: string) => ({
    id,
    title,
    description,
    image: asset(`collection-${key}`),
    link,
  });
  const mainDomain = config.MAIN_DOMAIN.replace(/\/$/, '');
  return {
    id: BRAND_ID,
    name: 'Preloved',
    logo_2hand: asset('2hand-logo'),
    mini_logo: asset('mini-logo'),
    image_sidebar: asset('sidebar'),
    main_domain: mainDomain,
    // Returns are handled by the brand's main shop; without one there is nowhere to send them.
    return_center_link: mainDomain ? `${mainDomain}/returns` : '',
    size_guide_2hand: '/faqs#sizes',
    main_logo: asset('main-logo'),
    sidebar_image_vertical_2hand: asset('sidebar-vertical'),
    link_socials: [
      { name: 'Instagram', link: 'https://www.instagram.com/', icon: 'instagram' },
      { name: 'Facebook', link: 'https://www.facebook.com/', icon: 'facebook' },
      { name: 'TikTok', link: 'https://www.tiktok.com/', icon: 'tiktok' },
      { name: 'Pinterest', link: 'https://www.pinterest.com/', icon: 'pinterest' },
    ],
    collections: {
      collections: [
        collection(1, 'women', 'Women', 'Dresses, knits and coats with a past.', '/women'),
        collection(2, 'men', 'Men', 'Shirts, jackets and denim, broken in.', '/men'),
        collection(3, 'clothing', 'Clothing', 'Every garment, every size.', '/clothing'),
        collection(4, 'accessories', 'Accessories', 'Bags, belts, scarves and more.', '/accessories'),
      ],
      collections_sample: [
        collection(5, 'new', 'New arrivals', 'Listed this week.', '/all?sort=newest'),
        collection(6, 'verified', 'From our verified seller', 'Pieces checked by the brand.', '/all'),
      ],
    },
  };
}

async function seedBrand(tx: Queryable, config: Pick<Config, 'MAIN_DOMAIN'>) {
  const row = brandRow(config);
  const columns = Object.keys(row) as (keyof typeof row)[];
  const values = columns.map((column) => (typeof row[column] === 'object' ? JSON.stringify(row[column]) : row[column]));
  const settable = columns.filter((column) => column !== 'id');
  // Updated only when something differs (a new MAIN_DOMAIN), so a second run writes nothing.
  await tx.query(
    `INSERT INTO brands (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})
     ON CONFLICT (id) DO UPDATE SET ${settable.map((column) => `${column} = EXCLUDED.${column}`).join(', ')}
     WHERE (${settable.map((column) => `brands.${column}`).join(', ')}) IS DISTINCT FROM (${settable.map((column) => `EXCLUDED.${column}`).join(', ')})`,
    values,
  );
}

async function seedReferenceData(tx: Queryable) {
  for (const c of CONDITIONS) {
    await tx.query(
      `INSERT INTO conditions (id, option, description, description_pt, description_es) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET description_pt = coalesce(conditions.description_pt, EXCLUDED.description_pt), description_es = coalesce(conditions.description_es, EXCLUDED.description_es)`,
      [c.id, c.option, c.description, c.description_pt, CONDITION_DESCRIPTIONS_ES[c.id] ?? null],
    );
  }
  for (const c of COLOURS) {
    await tx.query('INSERT INTO colours (id, name, hex) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [c.id, c.name, c.hex]);
  }
  for (const c of CATEGORIES) {
    await tx.query('INSERT INTO categories (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [c.id, c.name]);
  }
}

async function seedSellers(tx: Queryable): Promise<number[]> {
  const ids: number[] = [];
  for (const seller of SELLERS) {
    const { rows } = await tx.query<{ id: number }>(
      `WITH inserted AS (
         INSERT INTO customers (first_name, last_name, email, verified, created_at, email_verified_at)
         VALUES ($1, $2, $3, $4, now() - interval '400 days', now() - interval '400 days')
         ON CONFLICT (email) DO NOTHING RETURNING id)
       SELECT id FROM inserted UNION ALL SELECT id FROM customers WHERE email = $3`,
      [seller.first, seller.last, seller.email, Boolean(seller.sample)],
    );
    ids.push(rows[0]!.id);
    // Seeded accounts have proven their e-mail, also in a database seeded before it.
    await tx.query('UPDATE customers SET email_verified_at = created_at WHERE id = $1 AND email_verified_at IS NULL', [rows[0]!.id]);
    // The demo's sellers have sold and are paid into their wallet: they have onboarded, so "Sell"
    // leads them to the submit-item page as it leads any seller (spec §2), not to onboarding.
    await tx.query("INSERT INTO payout_preferences (customer_id, method) VALUES ($1, 'wallet') ON CONFLICT (customer_id) DO NOTHING", [rows[0]!.id]);
    if (seller.sample) {
      await tx.query('UPDATE brands SET sample_customer_id = $1 WHERE id = $2 AND sample_customer_id IS DISTINCT FROM $1', [rows[0]!.id, BRAND_ID]);
    }
  }
  return ids;
}

/** The demo shopper's sign-in (README): a customer who sells nothing, so every listing can go in the bag. */
export const DEMO_CUSTOMER = { email: 'demo@preloved.test', password: 'Preloved#2026', first: 'Demo', last: 'Shopper' };

async function seedDemoCustomer(tx: Queryable) {
  const { rows } = await tx.query('SELECT 1 FROM customers WHERE email = $1', [DEMO_CUSTOMER.email]);
  if (rows.length > 0) {
    await tx.query('UPDATE customers SET email_verified_at = created_at WHERE email = $1 AND email_verified_at IS NULL', [DEMO_CUSTOMER.email]);
    return; // hashed only once: scrypt is slow on purpose
  }
  await tx.query(
    // Seeded accounts have proven their e-mail, so the demo can claim, cash out and use codes.
    'INSERT INTO customers (first_name, last_name, email, password_hash, email_verified_at) VALUES ($1, $2, $3, $4, now()) ON CONFLICT (email) DO NOTHING',
    [DEMO_CUSTOMER.first, DEMO_CUSTOMER.last, DEMO_CUSTOMER.email, await hashPassword(DEMO_CUSTOMER.password)],
  );
}

/**
 * The demo seller's sign-in (README): Marta, the verified sample seller, so the demo can show offers
 * received and sales. Her password is set once, when she has none.
 */
export const DEMO_SELLER = { email: 'marta@preloved.test', password: 'Preloved#2026' };

async function seedDemoSeller(tx: Queryable) {
  const { rows } = await tx.query('SELECT 1 FROM customers WHERE email = $1 AND password_hash IS NULL', [DEMO_SELLER.email]);
  if (rows.length === 0) return;
  await tx.query('UPDATE customers SET password_hash = $2 WHERE email = $1 AND password_hash IS NULL', [DEMO_SELLER.email, await hashPassword(DEMO_SELLER.password)]);
}

/**
 * The demo's back-office team (README), one per role, so the console can be tried from `npm start`:
 * each signs in with the password and a code from an authenticator app given their TOTP secret (the
 * README shows them). Demo data only: a real store (DEMO=false) seeds no staff, its first admin comes
 * from `pnpm first-admin`, and a production start refuses DEMO.
 */
export const DEMO_STAFF = {
  password: 'Preloved#2026',
  members: [
    { role: 'admin', name: 'Ana Admin', email: 'admin@preloved.test', totpSecret: 'PRELOVEDDEMOADMINBACKOFFICE23456' },
    { role: 'support', name: 'Sara Support', email: 'support@preloved.test', totpSecret: 'PRELOVEDDEMOSUPPORTBACKOFFICE234' },
    { role: 'moderator', name: 'Miguel Moderator', email: 'moderator@preloved.test', totpSecret: 'PRELOVEDDEMOMODERATORBACKOFFICE2' },
    { role: 'finance', name: 'Filipa Finance', email: 'finance@preloved.test', totpSecret: 'PRELOVEDDEMOFINANCEBACKOFFICE234' },
  ],
} as const;

async function seedDemoStaff(tx: Queryable) {
  const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM staff');
  if (rows[0]!.n > 0) return; // hashed only once, and never beside a real team
  const hash = await hashPassword(DEMO_STAFF.password);
  for (const member of DEMO_STAFF.members) {
    await tx.query('INSERT INTO staff (email, name, role, password_hash, totp_secret) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING', [
      member.email,
      member.name,
      member.role,
      hash,
      member.totpSecret,
    ]);
  }
}

interface Child {
  childId: number;
  productId: number;
  variantId: number;
  gender: string;
  category: number;
  kind: string;
  colour: string;
  size: string;
  sizeOrder: number;
  price: number;
}

/**
 * The products, their colour variants and size children, in three statements (one per table) rather
 * than one per row: 4.8 s of every seed was 700 round trips (API tests seed once per test app, on
 * both engines). Ids are taken from each table's sequence in the order the rows were inserted one
 * by one before, so every product, variant and child keeps its id (journeys and the main shop's
 * stand-in name some).
 */
async function seedProducts(tx: Queryable, products: ProductSeed[], seed: number): Promise<Child[]> {
  const rng = random(seed);
  const palettes = products.map((product) => {
    const shuffled = [...COLOURS].sort(() => rng.next() - 0.5).slice(0, rng.int(1, 3));
    return product.colours ? COLOURS.filter((colour) => product.colours!.includes(colour.id)) : shuffled;
  });
  const productIds = await nextIds(tx, 'products', products.length);
  const variants = products.flatMap((product, index) => palettes[index]!.map((colour) => ({ product, productId: productIds[index]!, colour: colour.id })));
  const variantIds = await nextIds(tx, 'product_variants', variants.length);
  const children: Child[] = [];
  variants.forEach((variant, index) => {
    for (const [sizeOrder, size] of sizesFor(variant.product).entries()) {
      const { product } = variant;
      children.push({ childId: 0, productId: variant.productId, variantId: variantIds[index]!, gender: product.gender, category: product.category, kind: product.kind, colour: variant.colour, size, sizeOrder, price: product.price });
    }
  });
  const childIds = await nextIds(tx, 'product_children', children.length);
  children.forEach((child, index) => (child.childId = childIds[index]!));

  await tx.query(
    `INSERT INTO products (id, brand_id, gender, category_id, kind, title, description, title_pt, description_pt, original_price_cents, created_at)
     SELECT id, ${BRAND_ID}, g, cat, k, t, d, tp, dp, p, now() - interval '1 year'
     FROM unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[]) AS r(id, g, cat, k, t, d, tp, dp, p)`,
    [
      productIds,
      products.map((product) => product.gender),
      products.map((product) => product.category),
      products.map((product) => product.kind),
      products.map((product) => product.title),
      products.map((product) => describe(product)),
      products.map((product) => TITLES_PT[product.title] ?? null),
      products.map((product) => describePt(product)),
      products.map((product) => product.price * 100),
    ],
  );
  await tx.query('INSERT INTO product_variants (id, product_id, colour_id) SELECT * FROM unnest($1::int[], $2::int[], $3::text[])', [
    variantIds,
    variants.map((variant) => variant.productId),
    variants.map((variant) => variant.colour),
  ]);
  await tx.query('INSERT INTO product_children (id, variant_id, size, size_order) SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::int[])', [
    childIds,
    children.map((child) => child.variantId),
    children.map((child) => child.size),
    children.map((child) => child.sizeOrder),
  ]);
  return children;
}

/** `count` ids from a table's serial sequence, in the order they were given. */
async function nextIds(tx: Queryable, table: string, count: number): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence($1, 'id'))::int AS id FROM generate_series(1, $2::int)`, [table, count]);
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** Inserts `count` listings in batches (one statement per 1 000 rows, so 100 000 stay quick). */
export async function seedListings(db: Queryable, count: number, seed: number, sellerIds: number[], children: Child[], numberOffset: number) {
  const rng = random(seed);
  const conditionWeights = [1, 2, 2, 3, 3, 3, 4, 4, 5];
  for (let start = 0; start < count; start += 1000) {
    const rows = Math.min(1000, count - start);
    const columns: unknown[][] = Array.from({ length: 17 }, () => []);
    for (let i = 0; i < rows; i++) {
      const child = rng.pick(children);
      const condition = rng.pick(conditionWeights);
      const factor = [0.8, 0.65, 0.55, 0.45, 0.35][condition - 1]! * (0.85 + rng.next() * 0.3);
      const priceCents = Math.max(500, Math.round(child.price * factor * 2) * 50);
      const photos = Array.from({ length: rng.int(2, 4) }, (_, n) => photoUrl(child.kind, child.colour, n + 1));
      const values = [
        `PL-${String(numberOffset + start + i + 1).padStart(6, '0')}`,
        child.childId,
        rng.pick(sellerIds),
        condition,
        rng.pick(COMMENTS),
        `{${photos.map((photo) => `"${photo}"`).join(',')}}`,
        priceCents,
        Math.max(500, Math.round(priceCents * 0.7 / 50) * 50),
        rng.next() < 0.4,
        new Date(Date.now() - rng.int(0, 60 * 24 * 60) * 60_000).toISOString(),
        child.productId,
        child.variantId,
        child.gender,
        child.category,
        child.colour,
        child.size,
        child.sizeOrder,
      ];
      values.forEach((value, index) => columns[index]!.push(value));
    }
    await db.query(
      `INSERT INTO listings (number, child_id, seller_id, condition_id, comment, photos, price_cents, min_price_cents, smart_pricing, created_at,
                             product_id, variant_id, brand_id, gender, category_id, colour_id, size, size_order)
       SELECT n, c, s, cond, com, ph::text[], p, mp, sp, ca, pid, vid, ${BRAND_ID}, g, cat, col, sz, so
       FROM unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::text[], $6::text[], $7::int[], $8::int[], $9::bool[], $10::timestamptz[],
                   $11::int[], $12::int[], $13::text[], $14::int[], $15::text[], $16::text[], $17::int[])
            AS t(n, c, s, cond, com, ph, p, mp, sp, ca, pid, vid, g, cat, col, sz, so)`,
      columns,
    );
  }
}

export const DEMO_LISTINGS = 420;
/** Listings of each product added after the first catalogue (ADDED_PRODUCTS). */
const ADDED_LISTINGS_PER_PRODUCT = 8;

/** The products added after the first catalogue, into a database that has not got them yet. */
async function seedAddedProducts(tx: Queryable, sellerIds: number[]) {
  const { rows } = await tx.query<{ title: string }>('SELECT title FROM products WHERE title = ANY($1::text[])', [ADDED_PRODUCTS.map((product) => product.title)]);
  const present = new Set(rows.map((row) => row.title));
  const missing = ADDED_PRODUCTS.filter((product) => !present.has(product.title));
  if (missing.length === 0) return;
  const children = await seedProducts(tx, missing, 20261123 + ADDED_PRODUCTS.indexOf(missing[0]!));
  // Listing numbers go on from the highest seeded one, so they never collide.
  const last = await tx.query<{ n: number }>(`SELECT coalesce(max(substring(number FROM '^PL-(\\d+)$')::int), 0) AS n FROM listings`);
  await seedListings(tx, missing.length * ADDED_LISTINGS_PER_PRODUCT, 8 + missing.length, sellerIds, children, last.rows[0]!.n);
}

/**
 * Each demo listing gets photos of its own: the variant's generated photos become the
 * listing's (`1.svg` → `1-<listing id>-c<condition>.svg`: its own angle, framing and wear). Only the
 * generic generated photos are rewritten, so a seller's uploads are never touched; a second run finds
 * none left.
 */
async function seedListingPhotos(tx: Queryable) {
  await tx.query(
    `UPDATE listings l
     SET photos = ARRAY(
       SELECT regexp_replace(t.photo, '/([1-4])\\.svg$', '/\\1-' || l.id || '-c' || l.condition_id || '.svg')
       FROM unnest(l.photos) WITH ORDINALITY AS t(photo, i) ORDER BY t.i)
     WHERE l.photos[1] ~ '^/api/assets/photos/[a-z]+/[a-z]+/[1-4]\\.svg$'`,
  );
}

/** Portuguese and Spanish titles and descriptions for a catalogue seeded before they existed (only where missing). */
async function seedTranslations(tx: Queryable) {
  const products = [...PRODUCTS, ...ADDED_PRODUCTS];
  const titles = products.map((product) => product.title);
  for (const [language, translated, described] of [
    ['pt', TITLES_PT, describePt],
    ['es', TITLES_ES, describeEs],
  ] as const) {
    await tx.query(
      `UPDATE products p SET title_${language} = t.title, description_${language} = t.description
       FROM unnest($1::text[], $2::text[], $3::text[]) AS t(english, title, description)
       WHERE p.title = t.english AND p.title_${language} IS NULL AND t.title IS NOT NULL`,
      [titles, products.map((product) => translated[product.title] ?? null), products.map((product) => described(product))],
    );
  }
}

/** Demo buyers of the rated sales (no password: nobody signs in as them). */
const DEMO_REVIEWERS = [
  { first: 'Carla', last: 'Mendes', email: 'carla@preloved.test' },
  { first: 'João', last: 'Ribeiro', email: 'joao@preloved.test' },
  { first: 'Helena', last: 'Duarte', email: 'helena@preloved.test' },
];

/**
 * Rated sales, so a new visitor sees sellers' ratings: Joana 4.7 (3 reviews), Sofia 4.5
 * (2), Rui 4.0 (4); the other sellers have none yet, and Marta (the demo seller) has no sale, so her
 * sales and wallet stay as the README describes. Words are the buyers' own, in their language.
 */
const DEMO_REVIEWS: { seller: string; buyer: number; daysAgo: number; rating: number; comment: string; reply?: string }[] = [
  { seller: 'joana@preloved.test', buyer: 0, daysAgo: 9, rating: 5, comment: 'Exactly as described and beautifully packed. Thank you!', reply: 'Thank you, Carla! Enjoy it.' },
  { seller: 'joana@preloved.test', buyer: 1, daysAgo: 24, rating: 4, comment: 'Chegou rápido, mas com um pequeno vinco.' },
  { seller: 'joana@preloved.test', buyer: 2, daysAgo: 41, rating: 5, comment: '' },
  { seller: 'sofia@preloved.test', buyer: 1, daysAgo: 13, rating: 5, comment: 'Like new, and shipped the next day.' },
  { seller: 'sofia@preloved.test', buyer: 0, daysAgo: 33, rating: 4, comment: 'Good condition, the colour is a little darker than in the photos.' },
  { seller: 'rui@preloved.test', buyer: 2, daysAgo: 6, rating: 4, comment: 'Very friendly seller.' },
  { seller: 'rui@preloved.test', buyer: 0, daysAgo: 18, rating: 3, comment: 'Took a week to ship, but the jacket is great.', reply: 'Sorry for the wait, I was away. Glad you like it!' },
  { seller: 'rui@preloved.test', buyer: 1, daysAgo: 29, rating: 5, comment: 'Impecável.' },
  { seller: 'rui@preloved.test', buyer: 2, daysAgo: 52, rating: 4, comment: '' },
];

/**
 * The demo's rated sales, written whole as a checkout writes them (the ledger audit holds): a sold
 * piece of the seller's, the order (delivered, rated), its package and line, the card payment that
 * answered it and the seller's deposit. Once: a second run finds the first payment and stops.
 */
async function seedReviews(tx: Queryable) {
  const done = await tx.query("SELECT 1 FROM payment_attempts WHERE id = 'demo-review-1'");
  if (done.rows.length > 0) return;
  const buyers: { id: number; email: string; first: string; last: string }[] = [];
  for (const buyer of DEMO_REVIEWERS) {
    const { rows } = await tx.query<{ id: number }>(
      `WITH inserted AS (
         INSERT INTO customers (first_name, last_name, email, created_at, email_verified_at) VALUES ($1, $2, $3, now() - interval '200 days', now() - interval '200 days')
         ON CONFLICT (email) DO NOTHING RETURNING id)
       SELECT id FROM inserted UNION ALL SELECT id FROM customers WHERE email = $3`,
      [buyer.first, buyer.last, buyer.email],
    );
    buyers.push({ id: rows[0]!.id, ...buyer });
  }
  for (const [index, review] of DEMO_REVIEWS.entries()) {
    const n = index + 1;
    const buyer = buyers[review.buyer]!;
    // The sold piece: a copy of one of the seller's listings, sold the week before the review.
    const piece = await tx.query<{ id: number; seller_id: number; price_cents: number; title: string; photo: string; colour: string; size: string }>(
      `WITH template AS (
         SELECT l.* FROM listings l JOIN customers c ON c.id = l.seller_id
         WHERE c.email = $1 AND l.status = 'active' ORDER BY l.id OFFSET $2 LIMIT 1)
       INSERT INTO listings (number, child_id, seller_id, condition_id, comment, photos, price_cents, min_price_cents, smart_pricing, status, sold_at, created_at,
                             product_id, variant_id, brand_id, gender, category_id, colour_id, size, size_order)
       SELECT 'PL-R' || lpad($3::text, 5, '0'), child_id, seller_id, condition_id, comment, photos, price_cents, min_price_cents, false, 'sold',
              now() - make_interval(days => $4 + 7), now() - make_interval(days => $4 + 30),
              product_id, variant_id, brand_id, gender, category_id, colour_id, size, size_order
       FROM template
       RETURNING id, seller_id, price_cents,
         (SELECT title FROM products WHERE id = product_id) AS title, photos[1] AS photo,
         (SELECT name FROM colours WHERE id = colour_id) AS colour, size`,
      [review.seller, index, n, review.daysAgo],
    );
    const sold = piece.rows[0];
    if (!sold) continue;
    const address = { first_name: buyer.first, last_name: buyer.last, phone: '+351 912 345 678', address: 'Rua Augusta 10', zip_code: '1100-053', city: 'Lisboa', country: 'PT' };
    const order = await tx.query<{ id: number }>(
      `WITH id AS (SELECT nextval(pg_get_serial_sequence('orders', 'id'))::int AS id)
       INSERT INTO orders (id, number, customer_id, email, shopper_email, status, delivery_option, delivery_address, billing_address,
         subtotal_cents, processing_cents, verification_cents, shipping_cents, delivery_cents, discount_cents, total_cents,
         payment_provider, payment_reference, card_brand, card_last4, review_rating, review_comment, reviewed_at, delivered_at, created_at)
       SELECT id.id, 'PO-' || lpad(id.id::text, 7, '0'), $1, $2, $2, 'delivered', 'home', $3, $3, $4, 0, 0, 0, 0, 0, $4,
         'test', 'demo-review-' || $5, 'visa', '4242', $6, $7, now() - make_interval(days => $8), now() - make_interval(days => $8 + 1),
         now() - make_interval(days => $8 + 7)
       FROM id RETURNING id`,
      [buyer.id, buyer.email, JSON.stringify(address), sold.price_cents, n, review.rating, review.comment, review.daysAgo],
    );
    const orderId = order.rows[0]!.id;
    const pkg = await tx.query<{ id: number }>(
      `INSERT INTO order_packages (order_id, seller_id, ship_by, shipped_at)
       VALUES ($1, $2, (now() - make_interval(days => $3 + 2))::date, now() - make_interval(days => $3 + 5)) RETURNING id`,
      [orderId, sold.seller_id, review.daysAgo],
    );
    await tx.query(
      'INSERT INTO order_lines (order_id, package_id, listing_id, title, photo, colour, size, price_cents) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [orderId, pkg.rows[0]!.id, sold.id, sold.title, sold.photo, sold.colour, sold.size, sold.price_cents],
    );
    await tx.query(
      `INSERT INTO payment_attempts (id, idempotency_key, request_hash, customer_id, status, response_status, response_body, order_id, claimed_at, created_at)
       VALUES ('demo-review-' || $1, 'demo-review-' || $1, 'demo', $2, 'done', 200, $3, $4, now() - make_interval(days => $5 + 7), now() - make_interval(days => $5 + 7))`,
      [n, buyer.id, JSON.stringify({ status: 'succeeded', order_id: orderId, total: sold.price_cents / 100 }), orderId, review.daysAgo],
    );
    await tx.query('INSERT INTO wallets (customer_id) VALUES ($1) ON CONFLICT DO NOTHING', [sold.seller_id]);
    await tx.query(
      `INSERT INTO wallet_entries (customer_id, type, amount_cents, package_id, created_at)
       VALUES ($1, 'listing_sale_deposit', $2, $3, now() - make_interval(days => $4 + 7))`,
      [sold.seller_id, sold.price_cents, pkg.rows[0]!.id, review.daysAgo],
    );
    if (review.reply) {
      await tx.query(
        `INSERT INTO review_replies (order_id, seller_id, body, created_at) VALUES ($1, $2, $3, now() - make_interval(days => $4) + interval '5 hours')`,
        [orderId, sold.seller_id, review.reply, review.daysAgo],
      );
    }
  }
}

async function loadChildren(db: Queryable): Promise<Child[]> {
  const { rows } = await db.query<Child>(
    `SELECT c.id AS "childId", p.id AS "productId", v.id AS "variantId", p.gender, p.category_id AS category, p.kind,
            v.colour_id AS colour, c.size, c.size_order AS "sizeOrder", p.original_price_cents / 100 AS price
     FROM product_children c JOIN product_variants v ON v.id = c.variant_id JOIN products p ON p.id = v.product_id ORDER BY c.id`,
  );
  return rows;
}

/** The demo's Brand Direct pieces (issue 48): what the brand sells itself, beside the sellers' listings. */
const BRAND_DIRECT_DEMO: { kind: string; source: BrandStockSource; share: number; acquired: number | null; condition: number; comment: string }[] = [
  { kind: 'dress', source: 'trade_in', share: 0.55, acquired: 0.3, condition: 2, comment: 'Traded in by a customer, checked and steamed at our hub.' },
  { kind: 'coat', source: 'trade_in', share: 0.5, acquired: 0.28, condition: 3, comment: 'Traded in by a customer, checked at our hub; light wear on the cuffs.' },
  { kind: 'jeans', source: 'return', share: 0.7, acquired: null, condition: 1, comment: 'Returned to the main shop unworn, with its tags.' },
  { kind: 'bag', source: 'return', share: 0.65, acquired: null, condition: 2, comment: 'Returned to the main shop, used once.' },
  { kind: 'shirt', source: 'second', share: 0.5, acquired: null, condition: 1, comment: 'A second: a small flaw in the weave on the back, never worn.' },
  { kind: 'blazer', source: 'sample', share: 0.45, acquired: null, condition: 1, comment: 'A showroom sample from last season.' },
];

async function seedBrandDirect(tx: Queryable) {
  const { rows } = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM brand_stock');
  if (rows[0]!.count > 0) return;
  for (const piece of BRAND_DIRECT_DEMO) {
    const child = (
      await tx.query<{ id: number; colour_id: string; original_price_cents: number }>(
        `SELECT c.id, v.colour_id, p.original_price_cents FROM product_children c JOIN product_variants v ON v.id = c.variant_id JOIN products p ON p.id = v.product_id
         WHERE p.brand_id = $1 AND p.kind = $2 ORDER BY p.id, v.id, c.size_order OFFSET 1 LIMIT 1`,
        [BRAND_ID, piece.kind],
      )
    ).rows[0];
    if (!child) continue;
    const price = Math.max(500, Math.round((child.original_price_cents * piece.share) / 100) * 100);
    await addBrandStock(tx, {
      childId: child.id,
      conditionId: piece.condition,
      photos: [photoUrl(piece.kind, child.colour_id, 1), photoUrl(piece.kind, child.colour_id, 2)],
      priceCents: price,
      comment: piece.comment,
      source: piece.source,
      acquiredCents: piece.acquired === null ? null : Math.round((child.original_price_cents * piece.acquired) / 100) * 100,
    });
  }
}

/**
 * Seeds the brand, reference data, sellers and the demo catalogue. Idempotent: a second run changes
 * nothing (the catalogue is written only into an empty products table).
 */
export async function seed(db: Db, config: Pick<Config, 'MAIN_DOMAIN'> & Partial<Pick<Config, 'DEMO'>>, options: { listings?: number } = {}) {
  await db.transaction(async (tx) => {
    if (db.engine === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(727275)');
    await seedBrand(tx, config);
    await seedReferenceData(tx);
    if (config.DEMO === false) {
      // A real store: the brand's catalogue of products, and no account, listing, code or order.
      const { rows } = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM products');
      if (rows[0]!.count === 0) {
        await seedProducts(tx, PRODUCTS, 20261122);
        await seedProducts(tx, ADDED_PRODUCTS, 20261123);
      }
      await seedTranslations(tx);
      return;
    }
    // The demo's main-store code (spec §9), for the main-shop stand-in: demo data, no migration's.
    await tx.query(
      `INSERT INTO discount_codes (code, scope, percent_off, amount_off_cents, active) VALUES ('MAIN-WALLET-2026', 'main_store', NULL, 2000, true)
       ON CONFLICT (code) DO NOTHING`,
    );
    const sellerIds = await seedSellers(tx);
    await seedDemoCustomer(tx);
    await seedDemoSeller(tx);
    await seedDemoStaff(tx);
    const { rows } = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM products');
    if (rows[0]!.count === 0) {
      const children = await seedProducts(tx, PRODUCTS, 20261122);
      await seedListings(tx, DEMO_LISTINGS, 7, sellerIds, children, 0);
    }
    await seedAddedProducts(tx, sellerIds);
    await seedTranslations(tx);
    await seedListingPhotos(tx);
    await seedReviews(tx);
    // The demo as `npm start` runs it (DEMO=true) shows the brand's own pieces; the API's tests start without them.
    if (config.DEMO === true) await seedBrandDirect(tx);
  });
  if (options.listings && config.DEMO !== false) {
    // Extra listings for benchmarks (`pnpm seed --listings 100000`): added on top, never replacing.
    const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM listings');
    const missing = options.listings - rows[0]!.count;
    if (missing > 0) {
      const sellers = await db.query<{ id: number }>('SELECT id FROM customers ORDER BY id LIMIT 50');
      await seedListings(db, missing, 99 + rows[0]!.count, sellers.rows.map((row) => row.id), await loadChildren(db), rows[0]!.count);
      await db.query('ANALYZE listings');
    }
  }
}
