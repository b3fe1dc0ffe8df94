import { Figures } from '@preloved/contract';
import { testAppForFile, testClock, type TestApp } from '../../test/app';
import { inject } from '../../test/checkout';
import { signedInStaff } from '../../test/staff';
import { sale } from '../../test/wallet';

// The figures count what happened in their range, by Lisbon day, week or month: two orders on one
// day, one with a reported problem and one with a chargeback, read back as GMV, rates and new buyers, and as a CSV.
describe('/api/backoffice/figures', () => {
  const clock = testClock();
  let ctx: TestApp;
  testAppForFile({}, { clock }, (started) => (ctx = started));
  const call = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url: `/api/backoffice/${url}`, headers: { cookie } });

  it('counts a day’s orders, GMV, take, disputes, pieces sold and new buyers, and nothing outside its range', async () => {
    const finance = await signedInStaff(ctx.app, ctx.db, clock, 'finance');
    // 23:30 in Lisbon on 9 March 2027 is still that day there (UTC+0 in winter).
    clock.set(new Date('2027-03-09T23:30:00Z'));
    const first = await sale(ctx.app, ctx.db, { price: 4000 });
    const second = await sale(ctx.app, ctx.db, { price: 6000 });
    expect((await inject(ctx.app, 'POST', `orders/${second.orderId}/problem`, { token: second.buyer.token, body: { description: 'Torn.' } })).statusCode).toBe(200);
    // The first is disputed at the bank (a chargeback): a dispute too.
    const intentId = (await ctx.db.query<{ payment_reference: string }>('SELECT payment_reference FROM orders WHERE id = $1', [first.orderId])).rows[0]!.payment_reference;
    await ctx.app.providerEvents.handle({ id: `evt_figures_${first.orderId}`, type: 'charge.dispute.created', intentId, subject: { kind: 'dispute', disputeId: `dp_figures_${first.orderId}`, status: 'open', amountCents: 4000 } });
    clock.set(new Date());

    const month = Figures.parse((await call('figures?from=2027-03-01&to=2027-03-31&by=month', finance.cookie)).json());
    expect(month.rows).toHaveLength(1);
    expect(month.rows[0]).toMatchObject({ period: '2027-03-01', orders: 2, gmv: 100, sold: 2, dispute_rate: 1, cancellation_rate: 0, new_buyers: 2 });
    expect(month.rows[0]!.take).toBeGreaterThan(0);
    expect(month.rows[0]!.take_rate).toBeCloseTo(month.rows[0]!.take / 100, 4);
    expect(month.totals).toMatchObject({ orders: 2, gmv: 100 });

    const days = Figures.parse((await call('figures?from=2027-03-08&to=2027-03-10', finance.cookie)).json());
    expect(days.rows.map((row) => [row.period, row.orders])).toEqual([
      ['2027-03-08', 0],
      ['2027-03-09', 2],
      ['2027-03-10', 0],
    ]);
    const csv = (await call('figures.csv?from=2027-03-09&to=2027-03-09', finance.cookie)).body.trim().split('\r\n');
    expect(csv[0]).toMatch(/^period,gmv,orders,/);
    expect(csv[1]).toMatch(/^2027-03-09,100,2,/);
  });

  it('counts resells started from the main shop once a customer, piece and day', async () => {
    const finance = await signedInStaff(ctx.app, ctx.db, clock, 'finance');
    const { rows } = await ctx.db.query<{ id: number }>('SELECT id FROM product_children ORDER BY id LIMIT 2');
    clock.set(new Date('2027-05-04T10:00:00Z'));
    const s = await sale(ctx.app, ctx.db, { price: 3000 });
    // "Resell this" on two pieces, the first page loaded twice; the next day the first one again.
    for (const child of [rows[0]!.id, rows[0]!.id, rows[1]!.id]) expect((await inject(ctx.app, 'GET', `seller/products/child/${child}`, { token: s.buyer.token })).statusCode).toBe(200);
    clock.set(new Date('2027-05-05T10:00:00Z'));
    expect((await inject(ctx.app, 'GET', `seller/products/child/${rows[0]!.id}`, { token: s.buyer.token })).statusCode).toBe(200);
    clock.set(new Date());
    const days = Figures.parse((await call('figures?from=2027-05-04&to=2027-05-05', finance.cookie)).json());
    expect(days.rows.map((row) => [row.period, row.resells_started])).toEqual([
      ['2027-05-04', 2],
      ['2027-05-05', 1],
    ]);
    expect(days.totals.resells_started).toBe(3);
  });

  it('refuses a range backwards or longer than two years, and keeps figures from support', async () => {
    const admin = await signedInStaff(ctx.app, ctx.db, clock, 'admin');
    const support = await signedInStaff(ctx.app, ctx.db, clock, 'support');
    expect((await call('figures?from=2027-03-10&to=2027-03-01', admin.cookie)).json().code).toBe('figures_range');
    expect((await call('figures?from=2020-01-01&to=2027-03-01', admin.cookie)).json().code).toBe('figures_range');
    expect((await call('figures?from=2027-03-01&to=2027-03-02', support.cookie)).statusCode).toBe(403);
  });
});
