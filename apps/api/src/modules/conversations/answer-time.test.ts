import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ANSWER_TIME, ProductResponse, SellerAnswerTime, ThreadDetail, VendorResponse } from '@preloved/contract';
import { testAppForFile, testClock, type TestApp } from '../../test/app';
import { inject, listings, shopper } from '../../test/checkout';

// A seller's usual answer time on the real app and database: from a buyer's first unanswered text to
// the seller's next one, the median of the latest answers within ANSWER_TIME.days, null below
// ANSWER_TIME.min_answers; on the public route, the seller page and the product page's listing.
describe('a seller’s answer time', () => {
  const clock = testClock();
  let ctx: TestApp;
  testAppForFile({}, { clock }, (started) => (ctx = started));
  let skip = 0;
  const minutes = (n: number) => clock.advance(n * 60_000);

  async function sellerWithPiece() {
    const seller = await shopper(ctx.app);
    const [piece] = await listings(ctx.db, 1, { skip: 40 + skip++ });
    await ctx.db.query('UPDATE listings SET seller_id = $1 WHERE id = $2', [seller.id, piece!.id]);
    return { seller, piece: piece! };
  }
  async function ask(listingId: number) {
    const buyer = await shopper(ctx.app);
    const thread = ThreadDetail.parse((await inject(ctx.app, 'POST', 'threads', { token: buyer.token, body: { listing_id: listingId } })).json());
    return { buyer, id: thread.id };
  }
  const write = async (token: string, threadId: number, text: string) => expect((await inject(ctx.app, 'POST', `threads/${threadId}/messages`, { token, body: { text } })).statusCode).toBe(201);
  const answerTime = async (sellerId: number) => SellerAnswerTime.parse((await ctx.app.inject({ method: 'GET', url: `/api/sellers/${sellerId}/answer-time` })).json());

  it('is the median from each first unanswered question to the seller’s next text, null below three answers, and only within the window', async () => {
    const { seller, piece } = await sellerWithPiece();
    expect(await answerTime(seller.id)).toEqual({ answer_minutes: null, answers: 0 });

    // Asked twice before an answer: timed from the first question (10 minutes).
    const first = await ask(piece.id);
    await write(first.buyer.token, first.id, 'Does it run small?');
    minutes(4);
    await write(first.buyer.token, first.id, 'And the sleeves?');
    minutes(6);
    await write(seller.token, first.id, 'A little, take one size up.');
    // The seller writing again with no question waiting is no answer.
    minutes(60);
    await write(seller.token, first.id, 'Anything else?');
    // A second question in the same thread, answered after 30 minutes.
    await write(first.buyer.token, first.id, 'Is the price firm?');
    minutes(30);
    await write(seller.token, first.id, 'It is.');
    expect(await answerTime(seller.id)).toEqual({ answer_minutes: null, answers: 2 });

    const second = await ask(piece.id);
    await write(second.buyer.token, second.id, 'Can you post it today?');
    minutes(600);
    await write(seller.token, second.id, 'Tomorrow morning.');
    // Three answers: 10, 30 and 600 minutes; the median says more of the seller than the mean (213).
    expect(await answerTime(seller.id)).toEqual({ answer_minutes: 30, answers: 3 });
    // A question still waiting counts for nothing yet.
    await write(second.buyer.token, second.id, 'Thanks!');
    expect((await answerTime(seller.id)).answers).toBe(3);

    const vendor = VendorResponse.parse((await ctx.app.inject({ method: 'GET', url: `/api/vendors/${seller.id}?id_brand=1` })).json());
    expect(vendor.answer_minutes).toBe(30);
    const { rows } = await ctx.db.query<{ product_id: number; variant_id: number }>('SELECT product_id, variant_id FROM listings WHERE id = $1', [piece.id]);
    const product = ProductResponse.parse(
      (await ctx.app.inject({ method: 'GET', url: `/api/products/${rows[0]!.product_id}?id_brand=1&variant=${rows[0]!.variant_id}&listing=${piece.id}` })).json(),
    );
    expect(product.listings.find((offer) => offer.listing_id === piece.id)).toMatchObject({ CustomerID: seller.id, answer_minutes: 30 });

    // Past the window, the answers no longer speak for the seller.
    clock.advance((ANSWER_TIME.days + 1) * 86_400_000);
    expect(await answerTime(seller.id)).toEqual({ answer_minutes: null, answers: 0 });
    expect(VendorResponse.parse((await ctx.app.inject({ method: 'GET', url: `/api/vendors/${seller.id}?id_brand=1` })).json()).answer_minutes).toBeNull();
  });

  it('gives the same answers and waiting questions from migration 062’s backfill of older messages as its trigger keeps', async () => {
    const migration = await readFile(path.join(__dirname, '../../db/migrations/062_thread_photos.sql'), 'utf8');
    const backfill = migration.slice(migration.indexOf('-- The messages written before this migration'));
    const state = `SELECT (SELECT json_agg(json_build_object('thread', thread_id, 'seller', seller_id, 'asked', asked_at, 'answered', answered_at) ORDER BY thread_id, asked_at) FROM thread_answers) AS answers,
                          (SELECT json_agg(json_build_object('thread', id, 'question', question_at) ORDER BY id) FROM threads WHERE question_at IS NOT NULL) AS waiting`;
    const kept = (await ctx.db.query<{ answers: unknown[]; waiting: unknown[] }>(state)).rows[0]!;
    expect(kept.answers.length).toBeGreaterThanOrEqual(3);
    expect(kept.waiting.length).toBeGreaterThanOrEqual(1);
    const rebuilt = await ctx.db
      .transaction(async (tx) => {
        await tx.query('DELETE FROM thread_answers');
        await tx.query('UPDATE threads SET question_at = NULL');
        await tx.query(backfill);
        const found = (await tx.query(state)).rows[0];
        // Nothing of the rehearsal stays.
        throw Object.assign(new Error('rolled back'), { found });
      })
      .catch((error: { found?: unknown }) => error.found);
    expect(rebuilt).toEqual(kept);
  });

  it('reads a busy seller’s latest answers from the index, not every answer they ever gave', async () => {
    const { seller, piece } = await sellerWithPiece();
    const { id } = await ask(piece.id);
    await ctx.db.query(
      `INSERT INTO thread_answers (thread_id, seller_id, asked_at, answered_at)
       SELECT $1, $2, $3::timestamptz - make_interval(mins => n * 7 + 5), $3::timestamptz - make_interval(mins => n * 7) FROM generate_series(1, 20000) AS n`,
      [id, seller.id, clock.now()],
    );
    await ctx.db.query('ANALYZE thread_answers');
    const started = performance.now();
    const found = await ctx.app.conversations.answerTimes([seller.id]);
    expect(performance.now() - started).toBeLessThan(500);
    expect(found.get(seller.id)).toEqual({ minutes: 5, answers: ANSWER_TIME.answers });
    const plan = await ctx.db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT extract(epoch FROM x.answered_at - x.asked_at) FROM thread_answers x WHERE x.seller_id = $1 AND x.answered_at >= now() - interval '90 days'
        ORDER BY x.answered_at DESC LIMIT ${ANSWER_TIME.answers}`,
      [seller.id],
    );
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Index Scan using thread_answers_seller/);
  });

  it('answers 422 for an id that is not one, and no answers for a seller unknown', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/sellers/abc/answer-time' })).statusCode).toBe(422);
    expect(await answerTime(2147483647)).toEqual({ answer_minutes: null, answers: 0 });
  });
});
