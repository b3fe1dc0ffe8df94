import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ContestView, REPORT_LIMITS, ReportQueue, ThreadDetail, ThreadMessage, type UploadedPhoto } from '@preloved/contract';
import sharp from 'sharp';
import { decodedBody, subjectOf } from '../../../../../tools/test-support/smtp';
import { mailedTestApp, testClock, type MailedTestApp } from '../../test/app';
import { inject, listings, shopper } from '../../test/checkout';
import { signedInStaff } from '../../test/staff';

// Notice and action end to end on the real app and database: a report acknowledged by mail, the
// limit on reports, a decision's statement of reasons in the seller's language with a contest link
// that works, a contest reversed that undoes the decision, and the console closed to shoppers.
describe('/api/reports', () => {
  const clock = testClock();
  let store: MailedTestApp;
  const photosDir = path.join(tmpdir(), `preloved-reports-${process.pid}-${Date.now()}`);
  afterAll(() => rm(photosDir, { recursive: true, force: true }));
  mailedTestApp({ PHOTOS_DIR: photosDir }, { clock }, (started) => (store = started));
  const app = () => store.ctx.app;
  const db = () => store.ctx.db;
  const console = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    app().inject({ method, url: `/api/backoffice/${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
  let addresses = 0;
  const report = (payload: object, headers: Record<string, string> = {}, remoteAddress = `10.46.0.${++addresses}`) =>
    app().inject({ method: 'POST', url: '/api/reports', payload, headers, remoteAddress });

  /** A piece on sale whose seller is a fresh account (its mails are this test's), in `language`. */
  async function sellersPiece(language: 'en' | 'pt', skip: number) {
    const seller = await shopper(app());
    await db().query('UPDATE customers SET language = $2 WHERE id = $1', [seller.id, language]);
    const [piece] = await listings(db(), 1, { skip });
    await db().query('UPDATE listings SET seller_id = $1 WHERE id = $2', [seller.id, piece!.id]);
    return { seller, piece: piece! };
  }
  const status = async (listingId: number) => (await db().query<{ status: string }>('SELECT status FROM listings WHERE id = $1', [listingId])).rows[0]!.status;

  it('takes a visitor’s report of a listing and acknowledges it by mail in the language the store was shown in', async () => {
    const { piece } = await sellersPiece('en', 0);
    const before = store.smtp.received.length;
    const made = await report({ target: 'listing', id: piece.id, reason: 'counterfeit', text: 'The logo is wrong.', email: 'Visitor@Example.com' }, { 'accept-language': 'pt-PT' });
    expect(made.statusCode).toBe(201);
    const { reference } = made.json<{ reference: string }>();
    expect(reference).toMatch(/^R-\d{6}$/);
    const mail = await store.smtp.mailTo('visitor@example.com', before, /denúncia/);
    expect(subjectOf(mail.raw)).toBe(`Recebemos a sua denúncia ${reference}`);
    expect(decodedBody(mail.raw)).toContain(`a peça ${piece.title}`);
    expect(decodedBody(mail.raw)).toContain('parece ser contrafeita');

    // A visitor may leave no address; 'other' needs words; an unknown listing is a 404, never a 5xx.
    expect((await report({ target: 'seller', id: (await sellersPiece('en', 1)).seller.id, reason: 'stolen' })).statusCode).toBe(201);
    const noWords = await report({ target: 'listing', id: piece.id, reason: 'other' });
    expect(noWords.statusCode).toBe(422);
    expect(noWords.json().fields).toEqual([expect.objectContaining({ field: 'text', key: 'report_text_needed' })]);
    expect((await report({ target: 'listing', id: piece.id, reason: 'stolen', text: 'x'.repeat(1001) })).statusCode).toBe(422);
    expect((await report({ target: 'listing', id: 2147483647, reason: 'stolen' })).json().code).toBe('report_target_not_found');
  });

  it('mails a signed-in shopper’s acknowledgement to their own address, whatever e-mail the form carries', async () => {
    const { piece } = await sellersPiece('en', 2);
    const reporter = await shopper(app());
    const before = store.smtp.received.length;
    const made = await report({ target: 'listing', id: piece.id, reason: 'stolen', email: 'someone-else@example.com' }, { authorization: `Bearer ${reporter.token}` });
    expect(made.statusCode).toBe(201);
    await store.smtp.mailTo(reporter.email, before, /received your report/);
    expect(store.smtp.received.slice(before).flatMap((mail) => mail.to)).not.toContain('someone-else@example.com');
  });

  it('limits the reports one address and one e-mail make in a window', async () => {
    const { piece } = await sellersPiece('en', 3);
    for (let i = 0; i < REPORT_LIMITS.address.max; i++) expect((await report({ target: 'listing', id: piece.id, reason: 'stolen' }, {}, '10.46.9.9')).statusCode).toBe(201);
    const refused = await report({ target: 'listing', id: piece.id, reason: 'stolen' }, {}, '10.46.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // The same e-mail from ever new addresses is counted too.
    for (let i = 0; i < REPORT_LIMITS.email.max; i++) expect((await report({ target: 'listing', id: piece.id, reason: 'stolen', email: 'busy@example.com' })).statusCode).toBe(201);
    expect((await report({ target: 'listing', id: piece.id, reason: 'stolen', email: 'BUSY@example.com' })).statusCode).toBe(429);
  });

  it('puts reports in the moderation queue; a removal mails the seller a statement of reasons in their language with a contest link that works, and tells the reporter', async () => {
    const { seller, piece } = await sellersPiece('pt', 4);
    const moderator = await signedInStaff(app(), db(), clock, 'moderator');
    await report({ target: 'listing', id: piece.id, reason: 'counterfeit', text: 'Fake stitching.', email: 'first@example.com' });
    await report({ target: 'listing', id: piece.id, reason: 'misleading_description', text: 'Not the photographed piece.' });

    const queue = ReportQueue.parse((await console('GET', 'reports', moderator.cookie)).json());
    const entry = queue.cases.find((one) => one.target === 'listing' && one.id === piece.id)!;
    expect(entry).toMatchObject({ count: 2, listing: { title: piece.title, status: 'active' }, seller: { id: seller.id, restricted: false } });
    expect(entry.reports.map((one) => one.text)).toEqual(['Fake stitching.', 'Not the photographed piece.']);

    const before = store.smtp.received.length;
    const decided = await console('POST', 'reports/decisions', moderator.cookie, { target: 'listing', id: piece.id, action: 'remove', reason: 'counterfeit', note: 'The stitching and label do not match the brand’s.' });
    expect(decided.statusCode).toBe(200);
    expect(ReportQueue.parse(decided.json()).cases.some((one) => one.id === piece.id && one.target === 'listing')).toBe(false);
    expect(await status(piece.id)).toBe('rejected');
    expect((await app().inject({ method: 'GET', url: `/api/vendors/${seller.id}?id_brand=1` })).json().listings ?? []).not.toContainEqual(expect.objectContaining({ listing_id: piece.id }));

    const statement = await store.smtp.mailTo(seller.email, before, /contestá-la/);
    expect(subjectOf(statement.raw)).toBe('Uma decisão de moderação sobre a sua conta: a peça foi retirada da loja');
    const text = decodedBody(statement.raw);
    expect(text).toContain('parece ser contrafeita');
    expect(text).toContain('The stitching and label do not match the brand’s.');
    expect(text).toContain('não foi decidida por meios automáticos');
    const link = /https?:\/\/\S+\/user\/contest\/([A-Za-z0-9_-]{43})\?lang=pt/.exec(text);
    expect(link).not.toBeNull();
    const outcome = await store.smtp.mailTo('first@example.com', before, /decisão|decision/);
    expect(decodedBody(outcome.raw)).toContain('the piece was removed from the store');

    const view = await app().inject({ method: 'GET', url: `/api/reports/contest/${link![1]}` });
    expect(ContestView.parse(view.json())).toMatchObject({ action: 'remove', reason: 'counterfeit', listing: { title: piece.title }, contest: null });
    expect((await app().inject({ method: 'GET', url: `/api/reports/contest/${'x'.repeat(43)}` })).json().code).toBe('contest_not_found');

    const audit = (await console('GET', `audit?action=report.remove&staff_id=${moderator.id}`, moderator.cookie)).json();
    expect(audit.entries).toEqual([expect.objectContaining({ target_id: String(piece.id), after: { action: 'remove', reason: 'counterfeit' } })]);
    // Decided already: the case is closed.
    expect((await console('POST', 'reports/decisions', moderator.cookie, { target: 'listing', id: piece.id, action: 'dismiss' })).json().code).toBe('report_case_closed');
  });

  it('records a restricted seller’s contest, and a reversal undoes the restriction and is mailed', async () => {
    const { seller, piece } = await sellersPiece('en', 5);
    const moderator = await signedInStaff(app(), db(), clock, 'moderator');
    await report({ target: 'seller', id: seller.id, reason: 'stolen', text: 'Sells stolen bags.' });
    let before = store.smtp.received.length;
    await console('POST', 'reports/decisions', moderator.cookie, { target: 'seller', id: seller.id, action: 'restrict', reason: 'stolen' });
    expect(await status(piece.id)).toBe('changes_requested');
    const token = /\/user\/contest\/([A-Za-z0-9_-]{43})/.exec(decodedBody((await store.smtp.mailTo(seller.email, before, /contest it/)).raw))![1]!;
    // Restricted: no new listing.
    const photos: string[] = [];
    for (let i = 0; i < 2; i++) {
      const bytes = await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 30 + i * 110, g: 40, b: 200 - i * 120 } } }).jpeg().toBuffer();
      photos.push((await app().inject({ method: 'POST', url: '/api/seller/photos', headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'image/jpeg' }, payload: bytes })).json<UploadedPhoto>().url);
    }
    const child = (await db().query<{ id: number }>('SELECT id FROM product_children ORDER BY id LIMIT 1')).rows[0]!.id;
    const listing = { product_child_id: child, condition_id: 2, comment: 'Worn twice.', photos, price: 40, min_price: 30, smart_pricing: false };
    expect((await inject(app(), 'POST', 'seller/listings', { token: seller.token, body: listing })).json().code).toBe('seller_restricted');

    const contest = await app().inject({ method: 'POST', url: `/api/reports/contest/${token}`, payload: { text: 'The bags are mine: here are the receipts.' } });
    expect(contest.statusCode).toBe(200);
    expect(contest.json().contest).toMatchObject({ text: 'The bags are mine: here are the receipts.', outcome: null });
    expect((await app().inject({ method: 'POST', url: `/api/reports/contest/${token}`, payload: { text: 'Again.' } })).json().code).toBe('contest_sent_already');

    const queue = ReportQueue.parse((await console('GET', 'reports', moderator.cookie)).json());
    const open = queue.contests.find((one) => one.seller.id === seller.id)!;
    expect(open).toMatchObject({ action: 'restrict', reason: 'stolen', text: 'The bags are mine: here are the receipts.' });

    before = store.smtp.received.length;
    const answered = await console('POST', `reports/contests/${open.id}`, moderator.cookie, { outcome: 'reversed', note: 'The receipts show the bags were bought.' });
    expect(answered.statusCode).toBe(200);
    expect(await status(piece.id)).toBe('active');
    expect((await db().query('SELECT restricted_at FROM customers WHERE id = $1', [seller.id])).rows[0]!.restricted_at).toBeNull();
    const answer = await store.smtp.mailTo(seller.email, before, /reversed/);
    expect(decodedBody(answer.raw)).toContain('The receipts show the bags were bought.');
    expect((await app().inject({ method: 'GET', url: `/api/reports/contest/${token}` })).json().contest).toMatchObject({ outcome: 'reversed' });
    expect((await console('POST', `reports/contests/${open.id}`, moderator.cookie, { outcome: 'upheld', note: 'No.' })).json().code).toBe('contest_answered_already');
  });

  it('takes a report of a message from the thread’s other party only, shows the moderator the message with its piece and both parties, and a removal hides it until a contest reverses it', async () => {
    const { seller, piece } = await sellersPiece('en', 6);
    const buyer = await shopper(app());
    const thread = ThreadDetail.parse((await inject(app(), 'POST', 'threads', { token: buyer.token, body: { listing_id: piece.id } })).json());
    const bytes = await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 200, g: 10, b: 90 } } }).jpeg().toBuffer();
    const upload = (await app().inject({ method: 'POST', url: '/api/seller/photos', headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'image/jpeg' }, payload: bytes })).json<UploadedPhoto>();
    const rude = ThreadMessage.parse((await inject(app(), 'POST', `threads/${thread.id}/messages`, { token: seller.token, body: { text: 'Buy it or get lost, idiot.', photos: [upload.url] } })).json());
    const asBuyer = { authorization: `Bearer ${buyer.token}` };

    // Only the other party: a stranger, the writer themselves and a visitor are refused.
    const stranger = await shopper(app());
    const refused = await report({ target: 'message', id: rude.id, reason: 'offensive_content' }, { authorization: `Bearer ${stranger.token}` });
    expect([refused.statusCode, refused.json().code]).toEqual([404, 'report_target_not_found']);
    expect((await report({ target: 'message', id: rude.id, reason: 'offensive_content' }, { authorization: `Bearer ${seller.token}` })).json().code).toBe('report_target_not_found');
    expect((await report({ target: 'message', id: rude.id, reason: 'offensive_content' })).statusCode).toBe(401);
    const before = store.smtp.received.length;
    const made = await report({ target: 'message', id: rude.id, reason: 'offensive_content', text: 'He insults me.' }, asBuyer);
    expect(made.statusCode).toBe(201);
    expect(decodedBody((await store.smtp.mailTo(buyer.email, before, /received your report/)).raw)).toContain(`a message in a conversation about ${piece.title}`);

    const moderator = await signedInStaff(app(), db(), clock, 'moderator');
    const queue = ReportQueue.parse((await console('GET', 'reports', moderator.cookie)).json());
    const entry = queue.cases.find((one) => one.target === 'message' && one.id === rude.id)!;
    const names = (await db().query<{ id: number; name: string }>("SELECT id, trim(first_name || ' ' || last_name) AS name FROM customers WHERE id = ANY($1)", [[seller.id, buyer.id]])).rows;
    const nameOf = (id: number) => names.find((one) => one.id === id)!.name;
    expect(entry).toMatchObject({
      count: 1,
      listing: null,
      seller: { id: seller.id },
      message: {
        id: rude.id,
        thread_id: thread.id,
        text: 'Buy it or get lost, idiot.',
        photos: rude.photos,
        removed: false,
        piece: { title: piece.title },
        writer: { id: seller.id, name: nameOf(seller.id) },
        reader: { id: buyer.id, name: nameOf(buyer.id) },
      },
      reports: [expect.objectContaining({ reason: 'offensive_content', text: 'He insults me.' })],
    });
    // A message's case is not a listing's: it is not hidden nor its writer restricted through it.
    expect((await console('POST', 'reports/decisions', moderator.cookie, { target: 'message', id: rude.id, action: 'hide', reason: 'offensive_content' })).json().fields).toEqual([
      expect.objectContaining({ field: 'action', key: 'report_action_unfit' }),
    ]);

    const mailed = store.smtp.received.length;
    const decided = await console('POST', 'reports/decisions', moderator.cookie, { target: 'message', id: rude.id, action: 'remove', reason: 'offensive_content', note: 'Insults the buyer.' });
    expect(decided.statusCode).toBe(200);
    expect(await status(piece.id)).toBe('active');
    const seen = ThreadDetail.parse((await inject(app(), 'GET', `threads/${thread.id}`, { token: buyer.token })).json());
    expect(seen.messages).toEqual([expect.objectContaining({ id: rude.id, text: '', photos: [], removed: true })]);
    expect(seen.last_message).toBe('');
    const statement = decodedBody((await store.smtp.mailTo(seller.email, mailed, /contest it/)).raw);
    expect(statement).toContain('the message was removed from the conversation');
    expect(statement).toContain(`for your message in the conversation about "${piece.title}"`);
    const audit = (await console('GET', `audit?action=report.remove&staff_id=${moderator.id}`, moderator.cookie)).json();
    expect(audit.entries).toEqual([expect.objectContaining({ target_type: 'message', target_id: String(rude.id) })]);

    const token = /\/user\/contest\/([A-Za-z0-9_-]{43})/.exec(statement)![1]!;
    expect((await app().inject({ method: 'POST', url: `/api/reports/contest/${token}`, payload: { text: 'It was a joke between us.' } })).statusCode).toBe(200);
    const contest = ReportQueue.parse((await console('GET', 'reports', moderator.cookie)).json()).contests.find((one) => one.seller.id === seller.id)!;
    expect(contest).toMatchObject({ target: 'message', action: 'remove' });
    expect((await console('POST', `reports/contests/${contest.id}`, moderator.cookie, { outcome: 'reversed', note: 'Read again, it is banter.' })).statusCode).toBe(200);
    const back = ThreadDetail.parse((await inject(app(), 'GET', `threads/${thread.id}`, { token: buyer.token })).json());
    expect(back.messages).toEqual([expect.objectContaining({ id: rude.id, text: 'Buy it or get lost, idiot.', photos: rude.photos, removed: false })]);
  });

  it('keeps the console’s report calls to moderators: a shopper’s token is 401, another role 403', async () => {
    const buyer = await shopper(app());
    const asShopper = { authorization: `Bearer ${buyer.token}` };
    expect((await app().inject({ method: 'GET', url: '/api/backoffice/reports', headers: asShopper })).statusCode).toBe(401);
    const decision = await app().inject({ method: 'POST', url: '/api/backoffice/reports/decisions', headers: asShopper, payload: { target: 'listing', id: 1, action: 'remove', reason: 'stolen' } });
    expect(decision.statusCode).toBe(401);
    expect(decision.json().code).toBe('staff_signed_out');
    expect((await app().inject({ method: 'POST', url: '/api/backoffice/reports/contests/1', headers: asShopper, payload: { outcome: 'reversed', note: 'x' } })).statusCode).toBe(401);
    const finance = await signedInStaff(app(), db(), clock, 'finance');
    expect((await console('GET', 'reports', finance.cookie)).json().code).toBe('staff_role_refused');
  });
});
