import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ThreadDetail, type UploadedPhoto } from '@preloved/contract';
import sharp from 'sharp';
import { decodedBody, subjectOf } from '../../../../../tools/test-support/smtp';
import { mailedTestApp, testClock, type MailedTestApp } from '../../test/app';
import { inject, listings, shopper } from '../../test/checkout';

// Messages left unread are mailed to their reader after MESSAGE_DIGEST_MINUTES, one digest a thread
// with every unread message, once, in the reader's language; read in time, or with the mails turned
// off, nothing is sent. Through a real SMTP server.
describe('the digest of unread messages', () => {
  const clock = testClock();
  let store: MailedTestApp;
  const photosDir = path.join(tmpdir(), `preloved-digests-${process.pid}-${Date.now()}`);
  afterAll(() => rm(photosDir, { recursive: true, force: true }));
  mailedTestApp({ MESSAGE_DIGEST_MINUTES: '10', PHOTOS_DIR: photosDir }, { clock }, (started) => (store = started));
  const app = () => store.ctx.app;
  let skip = 0;

  async function thread() {
    const seller = await shopper(app());
    const buyer = await shopper(app());
    const [piece] = await listings(store.ctx.db, 1, { notSeller: buyer.id, skip: 20 + skip++ });
    await store.ctx.db.query('UPDATE listings SET seller_id = $1 WHERE id = $2', [seller.id, piece!.id]);
    const opened = ThreadDetail.parse((await inject(app(), 'POST', 'threads', { token: buyer.token, body: { listing_id: piece!.id } })).json());
    return { seller, buyer, piece: piece!, id: opened.id };
  }
  const write = (token: string, id: number, text: string) => inject(app(), 'POST', `threads/${id}/messages`, { token, body: { text } });

  it('mails the seller the buyer’s unread messages once, with the piece, the masked details and the way back', async () => {
    const { seller, buyer, piece, id } = await thread();
    await store.ctx.db.query("UPDATE customers SET language = 'pt' WHERE id = $1", [seller.id]);
    const before = store.smtp.received.length;
    await write(buyer.token, id, 'Does it run small?');
    await write(buyer.token, id, 'Call me on 912 345 678');
    clock.advance(9 * 60_000);
    await app().conversations.sendDigests();
    clock.advance(2 * 60_000);
    await app().conversations.sendDigests();
    const mail = await store.smtp.mailTo(seller.email, before, /escreveu-lhe sobre/);
    const body = decodedBody(mail.raw);
    const titlePt = (await store.ctx.db.query<{ title: string }>('SELECT coalesce(p.title_pt, p.title) AS title FROM listings l JOIN products p ON p.id = l.product_id WHERE l.id = $1', [piece.id])).rows[0]!.title;
    expect(subjectOf(mail.raw)).toContain(titlePt);
    expect(body).toContain(titlePt);
    expect(body).toContain('> Does it run small?');
    expect(body).toContain('> Call me on •••');
    expect(body).not.toContain('912');
    expect(body).toContain(`/user/messages/${id}`);
    expect(body).toMatch(/Proteção do Comprador/);
    // Once: nothing new, nothing more.
    clock.advance(60 * 60_000);
    expect(await app().conversations.sendDigests()).toBe(0);
  });

  it('says how many photos a message has, without giving their addresses', async () => {
    const { seller, buyer, id } = await thread();
    const photos: string[] = [];
    for (const red of [20, 140]) {
      const bytes = await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: red, g: 90, b: 30 } } }).jpeg().toBuffer();
      photos.push((await app().inject({ method: 'POST', url: '/api/seller/photos', headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'image/jpeg' }, payload: bytes })).json<UploadedPhoto>().url);
    }
    const before = store.smtp.received.length;
    expect((await inject(app(), 'POST', `threads/${id}/messages`, { token: buyer.token, body: { photos: photos.slice(0, 1) } })).statusCode).toBe(201);
    expect((await inject(app(), 'POST', `threads/${id}/messages`, { token: buyer.token, body: { text: 'And the label:', photos } })).statusCode).toBe(201);
    clock.advance(11 * 60_000);
    expect(await app().conversations.sendDigests()).toBe(1);
    const body = decodedBody((await store.smtp.mailTo(seller.email, before, /wrote to you about/)).raw);
    expect(body).toContain('> [a photo: see it in the store]');
    expect(body).toMatch(/> And the label:\r?\n> \[2 photos: see them in the store\]/);
    expect(body).not.toContain('/api/photos/');
  });

  it('mails nothing of messages read in time, nor to a reader who turned the mails off', async () => {
    const read = await thread();
    const sent = await write(read.buyer.token, read.id, 'Still available?');
    await inject(app(), 'POST', `threads/${read.id}/read`, { token: read.seller.token, body: { last_id: sent.json().id } });
    const off = await thread();
    expect((await inject(app(), 'PUT', 'threads/settings', { token: off.seller.token, body: { mails: false } })).json()).toEqual({ mails: false });
    expect((await inject(app(), 'GET', 'threads/settings', { token: off.seller.token })).json()).toEqual({ mails: false });
    await write(off.buyer.token, off.id, 'Hello?');
    clock.advance(11 * 60_000);
    // Nothing queued: the one thread was read in time, the other's reader takes no such mails.
    expect(await app().conversations.sendDigests()).toBe(0);
    // Turned on again, a new unread message is mailed.
    await inject(app(), 'PUT', 'threads/settings', { token: off.seller.token, body: { mails: true } });
    await write(off.buyer.token, off.id, 'Anyone there?');
    clock.advance(11 * 60_000);
    expect(await app().conversations.sendDigests()).toBe(1);
  });
});
