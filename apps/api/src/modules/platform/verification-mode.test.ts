import { BrandDetails } from '@preloved/contract';
import { mailedTestApp, testApp, type MailedTestApp } from '../../test/app';
import { deliver, sale } from '../../test/wallet';
import { decodedBody as decoded, subjectOf } from '../../../../../tools/test-support/smtp';
import { checkClaim } from '../../../../../tools/test-support/check-claims';

// A fee must buy what it names (issue 48). The brand's details tell the pages whether the store checks
// sold pieces at its hub (VERIFICATION_MODE), so a page says a piece is checked only where it is; and
// with `none` no mail of an order says so either.

let ctx: MailedTestApp['ctx'];
let smtp: MailedTestApp['smtp'];
mailedTestApp({ PUBLIC_URL: 'http://shop.test', VERIFICATION_MODE: 'none' }, {}, (store) => ({ ctx, smtp } = store));

const details = async (app: MailedTestApp['ctx']['app']) => BrandDetails.parse((await app.inject('/api/brands/details?id_brand=1')).json());

describe('VERIFICATION_MODE=none', () => {
  it('the brand’s details say the store checks nothing', async () => {
    expect((await details(ctx.app)).verification).toBe('none');
  });

  it('no mail of an order — the buyer’s confirmation, the seller’s sale mail, the shipped mail — says a piece is checked', async () => {
    const before = smtp.received.length;
    const sold = await sale(ctx.app, ctx.db);
    const confirmation = await smtp.mailTo(sold.buyer.email, before, /Thank you for your order/);
    const saleMail = await smtp.mailTo(sold.seller.email, before, /Please ship the package by/);
    await deliver(ctx.app, sold, { received: false });
    const shipped = await smtp.mailTo(sold.buyer.email, before, /is on its way/);
    for (const mail of [confirmation, saleMail, shipped]) {
      const text = `${subjectOf(mail.raw)}\n${decoded(mail.raw)}`;
      expect([subjectOf(mail.raw), checkClaim(text)]).toEqual([subjectOf(mail.raw), null]);
    }
    // The order has no verification line to name: none was charged.
    expect(decoded(confirmation.raw)).not.toMatch(/Verification:/);
  });
});

describe('VERIFICATION_MODE=hub', () => {
  it('the brand’s details say the store checks pieces at its hub', async () => {
    const hub = await testApp({ VERIFICATION_MODE: 'hub', HUB_NAME: 'Preloved hub', HUB_ADDRESS: 'Rua do Centro 1', HUB_ZIP_CODE: '1100-001', HUB_CITY: 'Lisboa' });
    try {
      expect((await details(hub.app)).verification).toBe('hub');
    } finally {
      await hub.close();
    }
  });
});
