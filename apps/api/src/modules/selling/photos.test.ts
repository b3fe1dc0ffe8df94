import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { UploadedPhoto } from '@preloved/contract';
import sharp from 'sharp';
import { shopper } from '../../test/checkout';
import { testApp } from '../../test/app';
import { pngClaiming } from '../../../../../tools/test-support/png';

// POST /api/seller/photos and GET /api/photos/:file: the upload checks (spec §3 photos; issue 14's
// bad input), stored on the local disk in a folder of the test's own.

let ctx: Awaited<ReturnType<typeof testApp>>;
let dir: string;
let token: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'preloved-photos-'));
  ctx = await testApp({ PHOTOS_DIR: dir });
  token = (await shopper(ctx.app)).token;
});
afterAll(async () => {
  await ctx.close();
  await rm(dir, { recursive: true, force: true });
});

const upload = (payload: Buffer, type = 'image/jpeg', auth = true) =>
  ctx.app.inject({ method: 'POST', url: '/api/seller/photos', headers: { ...(auth ? { authorization: `Bearer ${token}` } : {}), 'content-type': type }, payload });
const keyOf = (response: { json<T>(): T }) => response.json<{ fields: { key: string }[] }>().fields[0]!.key;


describe('a photo upload', () => {
  it('is re-encoded as WebP in the product-page and card sizes, upright, without its EXIF location, and served for a year', async () => {
    const original = await sharp({ create: { width: 3000, height: 4000, channels: 3, background: '#884422' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1' } })
      .toBuffer();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await upload(original);
    expect(response.statusCode).toBe(201);
    const photo = response.json<UploadedPhoto>();
    expect(photo).toMatchObject({ url: expect.stringMatching(/^\/api\/photos\/[a-f0-9]{32}\.webp$/), width: 938, height: 1250 });

    const large = await ctx.app.inject(photo.url);
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-type']).toBe('image/webp');
    expect(large.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(large.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif, xmp: meta.xmp }).toEqual({ format: 'webp', width: 938, height: 1250, exif: undefined, xmp: undefined });
    const card = await sharp((await ctx.app.inject(photo.card_url)).rawPayload).metadata();
    expect([card.width, card.height]).toEqual([375, 500]);
  });

  it('reads the type from the bytes: a PNG sent as image/jpeg is taken, a text file named .jpg is not', async () => {
    const png = await sharp({ create: { width: 500, height: 500, channels: 4, background: '#00000000' } }).png().toBuffer();
    expect((await upload(png, 'image/jpeg')).statusCode).toBe(201);
    const fake = await upload(Buffer.from('this is not a photo, whatever its name says\n'.repeat(50)), 'image/jpeg');
    expect(fake.statusCode).toBe(422);
    expect(keyOf(fake)).toBe('photo_not_image');
  });

  it('refuses a file over 10 MB with a 413 saying so', async () => {
    const response = await upload(Buffer.alloc(50 * 1024 * 1024, 1));
    expect(response.statusCode).toBe(413);
    expect(response.json<{ code: string }>().code).toBe('photo_too_large');
  });

  it('refuses an image bomb (huge dimensions in a small file) before decoding it', async () => {
    const bomb = pngClaiming(60_000, 60_000);
    expect(bomb.length).toBeLessThan(2000);
    const response = await upload(bomb, 'image/png');
    expect(response.statusCode).toBe(422);
    expect(keyOf(response)).toBe('photo_too_many_pixels');
  });

  it('needs a signed-in customer, and an unknown photo is a 404', async () => {
    expect((await upload(Buffer.from('x'), 'image/jpeg', false)).statusCode).toBe(401);
    expect((await ctx.app.inject('/api/photos/0123456789abcdef0123456789abcdef.webp')).statusCode).toBe(404);
  });
});
