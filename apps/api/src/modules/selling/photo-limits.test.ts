import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { UploadedPhoto } from '@preloved/contract';
import sharp from 'sharp';
import { inject, shopper } from '../../test/checkout';
import { testApp, testClock } from '../../test/app';

// Photos are the uploader's own, identical uploads in parallel all succeed, unused uploads
// go after a day, and uploads are limited (rate, quota, at once, pixels).

const clock = testClock();
let ctx: Awaited<ReturnType<typeof testApp>>;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'preloved-photo-limits-'));
  ctx = await testApp({ PHOTOS_DIR: dir, PHOTOS_MAX_PER_HOUR: '12', PHOTOS_MAX_PER_DAY: '14', PHOTOS_MAX_CONCURRENT: '2' }, { clock });
});
afterAll(async () => {
  await ctx.close();
  await rm(dir, { recursive: true, force: true });
});

let shade = 0;
const jpeg = (width = 600, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: { r: (shade += 7) % 256, g: Math.floor(shade / 256) % 256, b: 90 } } }).jpeg().toBuffer();
const upload = (token: string, bytes: Buffer, remoteAddress = '127.0.0.1', language = 'en') =>
  ctx.app.inject({ method: 'POST', url: '/api/seller/photos', remoteAddress, headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg', 'accept-language': language }, payload: bytes });
const childId = async () => (await ctx.db.query<{ id: number }>('SELECT id FROM product_children ORDER BY id LIMIT 1')).rows[0]!.id;
const listingBody = async (photos: string[]) => ({ product_child_id: await childId(), condition_id: 2, comment: 'Fine.', photos, price: 40, min_price: 30, smart_pricing: false });

describe('photo uploads', () => {
  it('identical photos uploaded in parallel are all stored (no shared temporary file)', async () => {
    const seller = await shopper(ctx.app);
    const bytes = await jpeg(1200, 1600);
    const answers = await Promise.all([1, 2].map(() => upload(seller.token, bytes)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect((await ctx.app.inject(answers[0]!.json<UploadedPhoto>().url)).statusCode).toBe(200);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it("a listing takes only its seller's own uploads: another seller's photo or a name never uploaded is 422 photo_not_yours", async () => {
    const seller = await shopper(ctx.app);
    const other = await shopper(ctx.app);
    const mine = [(await upload(seller.token, await jpeg())).json<UploadedPhoto>().url, (await upload(seller.token, await jpeg())).json<UploadedPhoto>().url];
    const theirs = (await upload(other.token, await jpeg())).json<UploadedPhoto>().url;

    const stolen = await inject(ctx.app, 'POST', 'seller/listings', { token: seller.token, body: await listingBody([mine[0]!, theirs]) });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().fields).toEqual([{ field: 'photos.1', key: 'photo_not_yours' }]);
    const invented = await inject(ctx.app, 'POST', 'seller/listings', { token: seller.token, body: await listingBody([mine[0]!, '/api/photos/0123456789abcdef0123456789abcdef.webp']) });
    expect(invented.statusCode).toBe(422);
    expect((await inject(ctx.app, 'POST', 'seller/listings', { token: seller.token, body: await listingBody(mine) })).statusCode).toBe(201);
  });

  it('an upload no listing uses is removed after 24 hours; one a listing shows stays', async () => {
    const seller = await shopper(ctx.app);
    const used = [(await upload(seller.token, await jpeg())).json<UploadedPhoto>().url, (await upload(seller.token, await jpeg())).json<UploadedPhoto>().url];
    const orphan = (await upload(seller.token, await jpeg())).json<UploadedPhoto>();
    expect((await inject(ctx.app, 'POST', 'seller/listings', { token: seller.token, body: await listingBody(used) })).statusCode).toBe(201);

    await ctx.db.query(`UPDATE photo_uploads SET created_at = now() - interval '23 hours' WHERE customer_id = $1`, [seller.id]);
    await ctx.app.photoUploads.sweep();
    expect((await ctx.app.inject(orphan.url)).statusCode).toBe(200);

    await ctx.db.query(`UPDATE photo_uploads SET created_at = now() - interval '25 hours' WHERE customer_id = $1`, [seller.id]);
    // The `photo-orphans` job's next run (every 10 minutes; jobs are off in API tests).
    await ctx.app.photoUploads.sweep();
    expect((await ctx.app.inject(orphan.url)).statusCode).toBe(404);
    expect((await ctx.app.inject(orphan.card_url)).statusCode).toBe(404);
    for (const url of used) expect((await ctx.app.inject(url)).statusCode).toBe(200);
  });

  it('refuses a photo over 25 megapixels', async () => {
    const seller = await shopper(ctx.app);
    const big = await sharp({ create: { width: 6000, height: 4500, channels: 3, background: '#336699' } }).jpeg({ quality: 20 }).toBuffer();
    const response = await upload(seller.token, big);
    expect(response.statusCode).toBe(422);
    expect(response.json().fields[0].key).toBe('photo_too_many_pixels');
  });

  it('per seller per hour: over the limit is 429 with Retry-After, in the shopper’s language', async () => {
    const seller = await shopper(ctx.app);
    const bytes = await jpeg();
    for (let i = 0; i < 12; i++) expect((await upload(seller.token, bytes, '10.1.1.1')).statusCode).toBe(201);
    const refused = await upload(seller.token, bytes, '10.1.1.2', 'pt');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(refused.json().message).toMatch(/^Demasiadas tentativas/);
  });

  it('a daily quota per seller, whatever the hour', async () => {
    const seller = await shopper(ctx.app);
    const bytes = await jpeg();
    await ctx.db.query(`INSERT INTO throttle_counters (key, count, window_ends) VALUES ($1, 14, now() + interval '20 hours')`, [`photos:day:${seller.id}`]);
    const refused = await upload(seller.token, bytes);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(19 * 3600);
  });

  it('at most 2 uploads of one seller at once', async () => {
    const seller = await shopper(ctx.app);
    const bytes = await jpeg(2000, 2500);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => upload(seller.token, bytes)));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 429).length).toBeGreaterThan(0);
    expect(codes.filter((code) => code === 201).length).toBeGreaterThanOrEqual(2);
    // Slots are given back: the next one goes through.
    expect((await upload(seller.token, bytes)).statusCode).toBe(201);
  });
});
