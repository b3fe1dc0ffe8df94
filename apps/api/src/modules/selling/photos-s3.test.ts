import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { UploadedPhoto } from '@preloved/contract';
import S3rver from 's3rver';
import sharp from 'sharp';
import { shopper } from '../../test/checkout';
import { testApp } from '../../test/app';

// Photos in S3-compatible storage (PHOTOS_S3_BUCKET), against a real local S3 server (s3rver) on a
// free port: the upload lands in the bucket, the API serves it back from there.

let server: S3rver;
let endpoint: string;
let dir: string;
let ctx: Awaited<ReturnType<typeof testApp>>;
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'preloved-s3-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'photos', configs: [] }] });
  const address = (await server.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
  ctx = await testApp({
    PHOTOS_S3_BUCKET: 'photos',
    PHOTOS_S3_ENDPOINT: endpoint,
    PHOTOS_S3_ACCESS_KEY_ID: credentials.accessKeyId,
    PHOTOS_S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    PHOTOS_DIR: path.join(dir, 'not-used'),
  });
});
afterAll(async () => {
  await ctx.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

it('stores an uploaded photo in the bucket, both sizes, and serves it from there with long cache headers', async () => {
  const { token } = await shopper(ctx.app);
  const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#225588' } }).jpeg().toBuffer();
  const response = await ctx.app.inject({ method: 'POST', url: '/api/seller/photos', headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' }, payload: photo });
  expect(response.statusCode).toBe(201);
  const uploaded = response.json<UploadedPhoto>();

  const s3 = new S3Client({ region: 'eu-west-1', endpoint, forcePathStyle: true, credentials });
  for (const url of [uploaded.url, uploaded.card_url]) {
    const object = await s3.send(new GetObjectCommand({ Bucket: 'photos', Key: url.replace('/api/photos/', '') }));
    expect((await sharp(Buffer.from(await object.Body!.transformToByteArray())).metadata()).format).toBe('webp');
  }
  s3.destroy();

  const served = await ctx.app.inject(uploaded.url);
  expect(served.statusCode).toBe(200);
  expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await sharp(served.rawPayload).metadata()).width).toBe(800);
  expect((await ctx.app.inject('/api/photos/0123456789abcdef0123456789abcdef.webp')).statusCode).toBe(404);
});
