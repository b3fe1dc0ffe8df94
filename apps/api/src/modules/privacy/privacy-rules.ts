// What the store does with each table that holds a person's data, when they ask for a copy and when
// they delete their account (GDPR Art. 15, 17, 20; issue 46). One entry per table: `select` is the
// export's query ($1 the customer's id, $2 their e-mail), `erase` the statements run on deletion (same
// parameters, plus $3 the placeholder e-mail), and `kept` why rows stay (a legal duty) and for how
// long. privacy.test.ts walks information_schema: a table holding a customer reference or a personal
// column (e-mail, name, phone, address, IBAN) that is in neither PRIVACY_RULES nor NOT_ABOUT_CUSTOMERS
// fails it, so a new table cannot slip past the export or the deletion.

export interface PrivacyRule {
  /** The export's rows; secrets (password and token hashes, sealed tax data) are never selected. */
  select: string;
  /** Run in the deletion's transaction, in the order of PRIVACY_RULES. */
  erase: string[];
  /** Why the rows stay after deletion, and how long (the README's "Your data"). */
  kept?: string;
}

const TEN_YEARS_TAX = 'Portuguese tax law (CIVA art. 52, CIRC art. 123): accounting records and invoices for 10 years';

export const PRIVACY_RULES: Record<string, PrivacyRule> = {
  customers: {
    select: `SELECT id, first_name, last_name, email, verified, created_at, language, time_zone, email_verified_at, message_mails,
               password_hash IS NOT NULL AS has_password, google_sub IS NOT NULL AS google_linked, blocked_at, blocked_reason, restricted_at
             FROM customers WHERE id = $1`,
    erase: [
      `UPDATE customers SET first_name = 'Deleted', last_name = 'account', email = $3, password_hash = NULL, google_sub = NULL, verified = false,
         time_zone = 'Europe/Lisbon', email_verified_at = NULL, message_mails = false, blocked_at = coalesce(blocked_at, now()),
         blocked_reason = 'account deleted by its owner', deleted_at = now()
       WHERE id = $1`,
    ],
    kept: 'the id only, anonymised, because the kept records below point at it',
  },
  sessions: { select: 'SELECT id, created_at, expires_at, revoked_at, last_used_at FROM sessions WHERE customer_id = $1', erase: ['DELETE FROM sessions WHERE customer_id = $1'] },
  password_resets: { select: 'SELECT created_at, expires_at, used_at FROM password_resets WHERE customer_id = $1', erase: ['DELETE FROM password_resets WHERE customer_id = $1'] },
  email_proofs: {
    select: 'SELECT purpose, email, created_at, expires_at, used_at FROM email_proofs WHERE customer_id = $1 OR email = $2',
    erase: ['DELETE FROM email_proofs WHERE customer_id = $1 OR email = $2'],
  },
  customer_addresses: { select: 'SELECT address, last_at FROM customer_addresses WHERE customer_id = $1', erase: ['DELETE FROM customer_addresses WHERE customer_id = $1'] },
  addresses: { select: 'SELECT * FROM addresses WHERE customer_id = $1 ORDER BY id', erase: ['DELETE FROM addresses WHERE customer_id = $1'] },
  bag_lines: { select: 'SELECT listing_id, offer_id, added_price_cents, created_at FROM bag_lines WHERE customer_id = $1', erase: ['DELETE FROM bag_lines WHERE customer_id = $1'] },
  wishlist_items: { select: 'SELECT child_id, was_cents, created_at FROM wishlist_items WHERE customer_id = $1', erase: ['DELETE FROM wishlist_items WHERE customer_id = $1'] },
  saved_searches: { select: 'SELECT * FROM saved_searches WHERE customer_id = $1 ORDER BY id', erase: ['DELETE FROM saved_searches WHERE customer_id = $1'] },
  price_drop_mails: { select: 'SELECT through_feed_id, mailed_at FROM price_drop_mails WHERE customer_id = $1', erase: ['DELETE FROM price_drop_mails WHERE customer_id = $1'] },
  notification_feed: { select: 'SELECT kind, data, read_at, created_at FROM notification_feed WHERE customer_id = $1 ORDER BY id', erase: ['DELETE FROM notification_feed WHERE customer_id = $1'] },
  newsletter_subscriptions: {
    select: 'SELECT brand_id, email, created_at, confirmed_at FROM newsletter_subscriptions WHERE email = $2',
    erase: ['DELETE FROM newsletter_subscriptions WHERE email = $2'],
  },
  photo_uploads: { select: 'SELECT name, created_at FROM photo_uploads WHERE customer_id = $1', erase: ['DELETE FROM photo_uploads WHERE customer_id = $1'] },
  resell_starts: { select: 'SELECT child_id, day, started_at FROM resell_starts WHERE customer_id = $1', erase: ['DELETE FROM resell_starts WHERE customer_id = $1'] },
  seller_bundle_tiers: { select: 'SELECT min_pieces, percent_off FROM seller_bundle_tiers WHERE seller_id = $1', erase: ['DELETE FROM seller_bundle_tiers WHERE seller_id = $1'] },
  payout_preferences: {
    select: 'SELECT method, iban, updated_at, iban_hold_until, frozen_at FROM payout_preferences WHERE customer_id = $1',
    erase: ['DELETE FROM payout_preferences WHERE customer_id = $1'],
  },
  payout_iban_changes: {
    select: 'SELECT method, iban, language, created_at, expires_at, used_at FROM payout_iban_changes WHERE customer_id = $1',
    erase: ['DELETE FROM payout_iban_changes WHERE customer_id = $1'],
  },
  discount_code_shoppers: { select: 'SELECT code, uses FROM discount_code_shoppers WHERE shopper = $2', erase: ['DELETE FROM discount_code_shoppers WHERE shopper = $2'] },
  mail_outbox: {
    select: "SELECT kind, created_at, sent_at, data->'mail'->>'subject' AS subject FROM mail_outbox WHERE data->'mail'->>'to' = $2 ORDER BY id",
    erase: ["DELETE FROM mail_outbox WHERE data->'mail'->>'to' = $2 OR position($2 IN data::text) > 0"],
  },
  throttle_counters: {
    select: 'SELECT key, count, window_ends FROM throttle_counters WHERE position($2 IN key) > 0',
    erase: ['DELETE FROM throttle_counters WHERE position($2 IN key) > 0'],
  },
  review_replies: { select: 'SELECT order_id, body, created_at FROM review_replies WHERE seller_id = $1', erase: ['DELETE FROM review_replies WHERE seller_id = $1'] },
  offers: {
    select: 'SELECT * FROM offers WHERE buyer_id = $1 OR seller_id = $1 ORDER BY id',
    erase: [
      `UPDATE offers SET withdrawn_at = now()
       WHERE (buyer_id = $1 OR seller_id = $1) AND accepted_at IS NULL AND declined_at IS NULL AND withdrawn_at IS NULL AND purchased_at IS NULL`,
    ],
    kept: 'prices and dates only (no personal field): the other party’s history of their offers',
  },
  listings: {
    select: 'SELECT id, number, status, price_cents, comment, photos, size, created_at, sold_at, archived_at FROM listings WHERE seller_id = $1 ORDER BY id',
    erase: ["UPDATE listings SET status = 'archived', archived_at = now(), updated_at = now() WHERE seller_id = $1 AND status = 'active'"],
    kept: 'withdrawn from sale; sold pieces stay as the lines of the orders that bought them (10 years, tax law)',
  },
  orders: {
    select: `SELECT number, status, delivery_option, delivery_address, billing_address, total_cents, discount_code, card_brand, card_last4, review_rating,
               review_comment, reviewed_at, delivered_at, created_at, email, problem_reported_at, problem_description, problem_resolution, cancelled_at
             FROM orders WHERE customer_id = $1 ORDER BY id`,
    erase: [
      `UPDATE orders SET email = $3, shopper_email = $3, claim_hash = NULL, mail_claim_hash = NULL, claim_expires_at = NULL
       WHERE customer_id = $1 OR shopper_email = $2`,
    ],
    kept: `${TEN_YEARS_TAX}: amounts, lines and the delivery and billing addresses as invoiced; the e-mail is replaced and the account is anonymised`,
  },
  discount_redemptions: {
    select: 'SELECT order_id, code, amount_cents, created_at FROM discount_redemptions WHERE customer_id = $1 OR shopper_email = $2',
    erase: ['UPDATE discount_redemptions SET shopper_email = $3 WHERE customer_id = $1 OR shopper_email = $2'],
    kept: `${TEN_YEARS_TAX}: part of the order's price`,
  },
  payment_attempts: {
    select: 'SELECT status, order_id, created_at FROM payment_attempts WHERE customer_id = $1 ORDER BY id',
    erase: [],
    kept: `${TEN_YEARS_TAX}: how each order was paid (the ledger audit reads them)`,
  },
  order_packages: {
    select: 'SELECT k.id, o.number AS order_number, k.ship_by, k.shipped_at, k.tracking_number, k.carrier, k.cancelled_at FROM order_packages k JOIN orders o ON o.id = k.order_id WHERE k.seller_id = $1 ORDER BY k.id',
    erase: [],
    kept: `${TEN_YEARS_TAX}: the seller's sales, as part of the buyers' orders`,
  },
  wallets: { select: 'SELECT created_at FROM wallets WHERE customer_id = $1', erase: [], kept: `${TEN_YEARS_TAX}: the wallet ledger must stay balanced` },
  wallet_entries: {
    select: 'SELECT type, amount_cents, reference, iban, code, created_at, paid_at FROM wallet_entries WHERE customer_id = $1 ORDER BY id',
    erase: [],
    kept: `${TEN_YEARS_TAX}: the wallet ledger, with the IBAN each bank transfer was paid to`,
  },
  discount_codes: {
    select: 'SELECT code, amount_off_cents, active, redeemed_at, created_at FROM discount_codes WHERE customer_id = $1',
    erase: [],
    kept: `${TEN_YEARS_TAX}: codes bought with wallet credit are part of the ledger`,
  },
  trade_ins: {
    select: `SELECT t.number, t.payout, t.offered_cents, t.price_cents, t.bonus_cents, t.status, t.tracking, t.return_tracking, t.reprice_reason,
               t.received_at, t.decided_at, t.credited_cents, t.code, t.created_at FROM trade_ins t WHERE t.customer_id = $1 ORDER BY t.id`,
    erase: [],
    kept: `${TEN_YEARS_TAX}: the brand bought the piece (its purchase price is the margin scheme's evidence, Brand Direct)`,
  },
  connect_accounts: {
    select: 'SELECT account_id, country, created_at FROM connect_accounts WHERE customer_id = $1',
    erase: [],
    kept: `${TEN_YEARS_TAX}: the Stripe account payouts were made to`,
  },
  connect_transfers: {
    select: 'SELECT package_id, amount_cents, status, created_at FROM connect_transfers WHERE customer_id = $1 ORDER BY id',
    erase: [],
    kept: `${TEN_YEARS_TAX}: payouts through Stripe`,
  },
  threads: {
    select: 'SELECT id, listing_id, buyer_id, seller_id, created_at, last_message_at FROM threads WHERE buyer_id = $1 OR seller_id = $1 ORDER BY id',
    erase: ['UPDATE threads SET blocked_by = NULL WHERE blocked_by = $1'],
    kept: 'the other party’s conversation; the deleted person’s messages are emptied',
  },
  thread_messages: {
    select: `SELECT m.thread_id, m.kind, m.body, m.created_at FROM thread_messages m JOIN threads t ON t.id = m.thread_id
             WHERE (t.buyer_id = $1 OR t.seller_id = $1) AND m.sender_id = $1 ORDER BY m.id`,
    erase: ["UPDATE thread_messages SET body = '' WHERE sender_id = $1"],
    kept: 'the other party’s messages; the deleted person’s own are emptied',
  },
  thread_message_photos: {
    select: `SELECT m.thread_id, p.message_id, p.position, '/api/photos/' || p.name || '.webp' AS photo FROM thread_message_photos p
             JOIN thread_messages m ON m.id = p.message_id WHERE m.sender_id = $1 ORDER BY p.message_id, p.position`,
    // The files go with the rows: migration 062's trigger queues them for the conversations' removal job.
    erase: ['DELETE FROM thread_message_photos p USING thread_messages m WHERE m.id = p.message_id AND m.sender_id = $1'],
  },
  thread_answers: {
    select: 'SELECT thread_id, asked_at, answered_at FROM thread_answers WHERE seller_id = $1 ORDER BY id',
    erase: ['DELETE FROM thread_answers WHERE seller_id = $1'],
  },
  content_reports: {
    select: 'SELECT target, listing_id, message_id, reason, text, reporter_email, created_at FROM content_reports WHERE reporter_id = $1 OR reporter_email = $2 ORDER BY id',
    erase: ['UPDATE content_reports SET reporter_id = NULL, reporter_email = NULL WHERE reporter_id = $1 OR reporter_email = $2'],
    kept: 'Digital Services Act Art. 16-17: notices and the decisions on them, without the reporter, for 5 years',
  },
  content_decisions: {
    select: 'SELECT target, listing_id, action, reason, decided_at, reversed_at FROM content_decisions WHERE seller_id = $1 ORDER BY id',
    erase: [],
    kept: 'Digital Services Act Art. 17: statements of reasons, for 5 years',
  },
  trader_declarations: {
    select: 'SELECT * FROM trader_declarations WHERE customer_id = $1',
    erase: [],
    kept: 'Digital Services Act Art. 30(5): a trader’s details for 6 months after the relationship ends',
  },
  seller_tax_data: {
    select: 'SELECT kind, tin_country, country, tin_last4, given_at FROM seller_tax_data WHERE customer_id = $1',
    erase: [],
    kept: 'DAC7 (Directive (EU) 2021/514, Art. 25(2)): a seller’s tax data for 10 years; stored sealed',
  },
};

/**
 * Tables with a personal-looking column that hold no shopper's data: the catalogue, the brand's team,
 * infrastructure. Each says why.
 */
export const NOT_ABOUT_CUSTOMERS: Record<string, string> = {
  brands: 'the brand’s settings (sample_customer_id is the demo seller the brand shows)',
  categories: 'catalogue names',
  colours: 'catalogue names',
  pickup_points: 'carriers’ shops',
  staff: 'the brand’s team, not shoppers',
  staff_audit: 'the brand’s team’s actions (a target id, no personal field)',
  staff_invitations: 'the brand’s team',
  staff_sessions: 'the brand’s team',
  content_contests: 'a seller’s contest of a decision, reached through content_decisions',
  schema_migrations: 'the database’s own (migration names)',
  order_lines: 'the pieces of an order (titles and prices), reached through orders',
  thread_photo_removals: 'the file names of message photos waiting to be removed from the photo store (whose they were is gone with their rows)',
};
