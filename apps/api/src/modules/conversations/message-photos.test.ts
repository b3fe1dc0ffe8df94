import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGE_PHOTOS_MAX, PrivacyExport, ThreadDetail, ThreadMessage, type UploadedPhoto } from '@preloved/contract';
import sharp from 'sharp';
import { testAppForFile, type TestApp } from '../../test/app';
import { inject, listings, shopper, stepUp } from '../../test/checkout';

// A message's photos on the real app, database and photo store: uploaded through the listings' route
// and its checks, only the sender's own taken, shown to the thread's two parties as copies of their
// own that outlive the upload, and gone with the writer's account.
describe('photos in messages', () => {
  let ctx: TestApp;
  const photosDir = path.join(tmpdir(), `preloved-message-photos-${process.pid}-${Date.now()}`);
  afterAll(() => rm(photosDir, { recursive: true, force: true }));
  testAppForFile({ PHOTOS_DIR: photosDir }, {}, (started) => (ctx = started));
  let skip = 0;
  let shade = 0;

  async function pair() {
    const seller = await shopper(ctx.app);
    const buyer = await shopper(ctx.app);
    const [piece] = await listings(ctx.db, 1, { notSeller: buyer.id, skip: 400 + skip++ });
    await ctx.db.query('UPDATE listings SET seller_id = $1 WHERE id = $2', [seller.id, piece!.id]);
    const thread = ThreadDetail.parse((await inject(ctx.app, 'POST', 'threads', { token: buyer.token, body: { listing_id: piece!.id } })).json());
    return { seller, buyer, thread };
  }
  /** A new photo (a colour of its own) uploaded by `token` through the listings' upload route. */
  async function upload(token: string): Promise<UploadedPhoto> {
    shade++;
    const bytes = await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: (shade * 37) % 256, g: (shade * 91) % 256, b: (shade * 53) % 256 } } })
      .jpeg()
      .toBuffer();
    const answer = await ctx.app.inject({ method: 'POST', url: '/api/seller/photos', headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' }, payload: bytes });
    expect(answer.statusCode).toBe(201);
    return answer.json<UploadedPhoto>();
  }
  const write = (token: string, threadId: number, body: object) => inject(ctx.app, 'POST', `threads/${threadId}/messages`, { token, body });
  const photo = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('sends photos without text to the other party, as copies of the sender’s uploads in both sizes', async () => {
    const { seller, buyer, thread } = await pair();
    const label = await upload(buyer.token);
    const sole = await upload(buyer.token);
    const sent = await write(buyer.token, thread.id, { photos: [label.url, sole.url] });
    expect(sent.statusCode).toBe(201);
    const message = ThreadMessage.parse(sent.json());
    expect(message).toMatchObject({ from: 'me', text: '', removed: false });
    expect(message.photos).toHaveLength(2);
    // Copies of their own: not the upload's URL, which a listing could show to anyone.
    expect(message.photos).not.toContain(label.url);
    for (const url of message.photos) {
      expect(url).toMatch(/^\/api\/photos\/[a-f0-9]{32}\.webp$/);
      expect((await photo(url)).statusCode).toBe(200);
      expect((await photo(url.replace('.webp', '-card.webp'))).statusCode).toBe(200);
    }
    expect((await photo(message.photos[0]!)).rawPayload.equals((await photo(label.url)).rawPayload)).toBe(true);

    const seen = ThreadDetail.parse((await inject(ctx.app, 'GET', `threads/${thread.id}`, { token: seller.token })).json());
    expect(seen.messages).toEqual([expect.objectContaining({ from: 'them', text: '', photos: message.photos })]);
    // Text and photos together; a stranger does not get the thread, its photos included.
    const both = ThreadMessage.parse((await write(seller.token, thread.id, { text: 'Here is the label.', photos: [(await upload(seller.token)).url] })).json());
    expect(both).toMatchObject({ text: 'Here is the label.', photos: [expect.any(String)] });
    const stranger = await shopper(ctx.app);
    expect((await inject(ctx.app, 'GET', `threads/${thread.id}`, { token: stranger.token })).statusCode).toBe(404);
  });

  it('takes only the sender’s own uploads: another’s upload, another URL, more than four or nothing at all is a 422 and writes nothing', async () => {
    const { seller, buyer, thread } = await pair();
    const theirs = await upload(seller.token);
    const mine = await upload(buyer.token);
    const refusals: [object, number, string, string][] = [
      [{ photos: [mine.url, theirs.url] }, 422, 'photos.1', 'photo_not_yours'],
      [{ photos: ['/api/photos/0123456789abcdef0123456789abcdef.webp'] }, 422, 'photos.0', 'photo_not_yours'],
      [{ photos: ['https://evil.example/pay-here.png'] }, 422, 'photos.0', 'invalid_photo'],
      [{ photos: [mine.url, mine.url] }, 422, 'photos', 'photos_repeated'],
      [{ text: '   ', photos: [] }, 422, 'text', 'message_empty'],
      [{}, 422, 'text', 'message_empty'],
    ];
    for (const [body, status, field, key] of refusals) {
      const answer = await write(buyer.token, thread.id, body);
      expect([body, answer.statusCode, answer.json().fields]).toEqual([body, status, [expect.objectContaining({ field, key })]]);
    }
    const five = [];
    for (let n = 0; n <= MESSAGE_PHOTOS_MAX; n++) five.push((await upload(buyer.token)).url);
    expect((await write(buyer.token, thread.id, { photos: five })).json().fields).toEqual([expect.objectContaining({ field: 'photos', key: 'message_photos_count' })]);
    expect((await write(buyer.token, thread.id, { photos: five.slice(0, MESSAGE_PHOTOS_MAX) })).statusCode).toBe(201);
    const { rows } = await ctx.db.query<{ n: number; photos: number }>(
      'SELECT count(*)::int AS n, (SELECT count(*)::int FROM thread_message_photos p JOIN thread_messages m ON m.id = p.message_id WHERE m.thread_id = $1) AS photos FROM thread_messages WHERE thread_id = $1',
      [thread.id],
    );
    expect(rows[0]).toEqual({ n: 1, photos: MESSAGE_PHOTOS_MAX });
  });

  it('keeps a message’s photos once the upload is swept as unused, and removes them with the writer’s account', async () => {
    const { seller, buyer, thread } = await pair();
    const upload1 = await upload(buyer.token);
    const message = ThreadMessage.parse((await write(buyer.token, thread.id, { text: 'The stain', photos: [upload1.url] })).json());
    // The upload is used by no listing: a day later the sweep removes it and its files.
    await ctx.db.query("UPDATE photo_uploads SET created_at = now() - interval '3 days' WHERE customer_id = $1", [buyer.id]);
    await ctx.app.photoUploads.sweep();
    expect((await photo(upload1.url)).statusCode).toBe(404);
    expect((await photo(message.photos[0]!)).statusCode).toBe(200);

    const exported = PrivacyExport.parse((await inject(ctx.app, 'GET', 'customers/privacy/export', { token: buyer.token })).json());
    expect(exported.data.thread_message_photos).toEqual([expect.objectContaining({ message_id: message.id, photo: message.photos[0] })]);

    await stepUp(ctx.app, buyer.token);
    expect((await inject(ctx.app, 'POST', 'customers/privacy/delete', { token: buyer.token, body: { password: 'Secret#123' } })).statusCode).toBe(200);
    const seen = ThreadDetail.parse((await inject(ctx.app, 'GET', `threads/${thread.id}`, { token: seller.token })).json());
    expect(seen.messages).toEqual([expect.objectContaining({ id: message.id, text: '', photos: [] })]);
    expect(await ctx.app.conversations.removePhotos()).toBeGreaterThanOrEqual(1);
    expect((await photo(message.photos[0]!)).statusCode).toBe(404);
    expect((await photo(message.photos[0]!.replace('.webp', '-card.webp'))).statusCode).toBe(404);
  });
});
