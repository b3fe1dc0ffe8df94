import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ModerationQueue, type UploadedPhoto } from '@preloved/contract';
import sharp from 'sharp';
import { decodedBody, subjectOf } from '../../../../../tools/test-support/smtp';
import { mailedTestApp, testClock, type MailedTestApp } from '../../test/app';
import { inject, shopper } from '../../test/checkout';
import { signedInStaff } from '../../test/staff';

// Moderation from the seller's side to the moderator's: the brand's policy holds a new seller's first
// piece, no shopper sees it, a moderator rejects it with a reason, and the seller reads a statement of
// reasons in their language; approved pieces go on sale.
describe('/api/backoffice/moderation', () => {
  const clock = testClock();
  let store: MailedTestApp;
  const photosDir = path.join(tmpdir(), `preloved-moderation-${process.pid}-${Date.now()}`);
  afterAll(() => rm(photosDir, { recursive: true, force: true }));
  mailedTestApp({ PHOTOS_DIR: photosDir }, { clock }, (started) => (store = started));
  const app = () => store.ctx.app;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    app().inject({ method, url: `/api/backoffice/${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

  let shade = 0;
  async function submit(token: string) {
    const photos: string[] = [];
    for (let i = 0; i < 2; i++) {
      const bytes = await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: (shade += 11) % 256, g: 40, b: 90 } } }).jpeg().toBuffer();
      const uploaded = await app().inject({ method: 'POST', url: '/api/seller/photos', headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' }, payload: bytes });
      photos.push(uploaded.json<UploadedPhoto>().url);
    }
    const child = (await store.ctx.db.query<{ id: number }>('SELECT id FROM product_children ORDER BY id LIMIT 1')).rows[0]!.id;
    const created = await inject(app(), 'POST', 'seller/listings', { token, body: { product_child_id: child, condition_id: 2, comment: 'Worn twice.', photos, price: 40, min_price: 30, smart_pricing: false } });
    expect(created.statusCode).toBe(201);
    return created.json<{ id: number; number: string; status: string }>();
  }
  /** Whether shoppers see the piece: the seller's public page lists their pieces on sale. */
  const onSale = async (sellerId: number, listingId: number) => {
    const vendor = await app().inject({ method: 'GET', url: `/api/vendors/${sellerId}?id_brand=1` });
    return vendor.statusCode === 200 && vendor.json<{ listings: { listing_id: number }[] }>().listings.some((listing) => listing.listing_id === listingId);
  };

  it('holds a new seller’s first piece under the “first 1” policy, and a rejection mails a statement of reasons', async () => {
    const admin = await signedInStaff(app(), store.ctx.db, clock, 'admin');
    const moderator = await signedInStaff(app(), store.ctx.db, clock, 'moderator');
    expect((await call('PUT', 'settings/moderation', admin.cookie, { mode: 'first', first_n: 1 })).json()).toEqual({ mode: 'first', first_n: 1 });
    expect((await call('PUT', 'settings/moderation', moderator.cookie, { mode: 'none', first_n: 1 })).statusCode).toBe(403);

    const seller = await shopper(app());
    await store.ctx.db.query(`UPDATE customers SET language = 'pt' WHERE id = $1`, [seller.id]);
    const first = await submit(seller.token);
    expect(first.status).toBe('in_review');
    const second = await submit(seller.token);
    expect(second.status).toBe('active');

    const queue = ModerationQueue.parse((await call('GET', 'moderation', moderator.cookie)).json());
    const entry = queue.listings.find((listing) => listing.listing_id === first.id);
    expect(entry).toMatchObject({ price: 40, comment: 'Worn twice.', seller: { id: seller.id, listings: 2, sales: 0, rejected: 0 } });
    expect(entry!.original_price).toBeGreaterThan(0);
    expect(queue.listings.map((listing) => listing.listing_id)).not.toContain(second.id);
    // The seller cannot put it on sale themselves.
    expect((await inject(app(), 'PUT', `seller/listings/${first.id}/status`, { token: seller.token, body: { status: 'active' } })).json().code).toBe('listing_in_moderation');

    const before = store.smtp.received.length;
    const rejected = await call('POST', `moderation/${first.id}`, moderator.cookie, { decision: 'reject', reason: 'misleading_description', note: 'The photos show a stain the description does not mention.' });
    expect(rejected.statusCode).toBe(200);
    const mail = await store.smtp.mailTo(seller.email, before, /revisto|reviu/);
    expect(subjectOf(mail.raw)).toBe(`A sua peça "${entry!.title}" não foi aceite`);
    const body = decodedBody(mail.raw);
    expect(body).toContain('a descrição ou o estado não correspondem às fotografias');
    expect(body).toContain('The photos show a stain the description does not mention.');
    expect(body).toContain('não foi decidida por meios automáticos');
    expect(body).toContain('seis meses');

    const audit = (await call('GET', `audit?action=listing.reject&staff_id=${moderator.id}`, moderator.cookie)).json();
    expect(audit.entries).toEqual([expect.objectContaining({ target_id: first.number, after: { status: 'rejected', reason: 'misleading_description' } })]);
    expect((await call('POST', `moderation/${first.id}`, moderator.cookie, { decision: 'approve' })).json().code).toBe('listing_not_in_review');
  });

  it('puts an approved piece on sale and keeps a held one from shoppers until then', async () => {
    const admin = await signedInStaff(app(), store.ctx.db, clock, 'admin');
    const moderator = await signedInStaff(app(), store.ctx.db, clock, 'moderator');
    await call('PUT', 'settings/moderation', admin.cookie, { mode: 'all', first_n: 3 });
    const seller = await shopper(app());
    const held = await submit(seller.token);
    expect(await onSale(seller.id, held.id)).toBe(false);
    expect((await call('POST', `moderation/${held.id}`, moderator.cookie, { decision: 'changes' })).json()).toMatchObject({ code: 'moderation_reason_needed' });
    expect((await call('POST', `moderation/${held.id}`, moderator.cookie, { decision: 'approve' })).statusCode).toBe(200);
    expect(await onSale(seller.id, held.id)).toBe(true);
    await call('PUT', 'settings/moderation', admin.cookie, { mode: 'none', first_n: 3 });
    const audit = (await call('GET', `audit?action=settings.moderation&staff_id=${admin.id}`, admin.cookie)).json();
    expect(audit.entries[0]).toMatchObject({ before: { mode: 'all' }, after: { mode: 'none' } });
  });
});
