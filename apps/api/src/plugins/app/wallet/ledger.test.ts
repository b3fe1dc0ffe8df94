import { balances, depositAvailableFrom } from './ledger';

const settings = { deliveryBusinessDays: 2, releaseDays: 7 };

describe('a deposit becomes available', () => {
  it('at the moment the buyer confirms receipt', () => {
    const confirmed = new Date('2026-11-24T15:00:00Z');
    expect(depositAvailableFrom(new Date('2026-11-20T10:00:00Z'), confirmed, settings)).toEqual(confirmed);
  });

  it('7 days after the delivery date, counting the delivery in Portuguese business days', () => {
    // Shipped on Friday 27 Nov 2026: Mon 30 Nov, then 1 Dec is a holiday, 2 Dec the second business day.
    expect(depositAvailableFrom(new Date('2026-11-27T18:00:00Z'), null, settings)?.toISOString()).toBe('2026-12-09T00:00:00.000Z');
    // Late on a Monday in Lisbon is still that Monday.
    expect(depositAvailableFrom(new Date('2026-11-23T23:30:00Z'), null, settings)?.toISOString()).toBe('2026-12-02T00:00:00.000Z');
  });

  it('never while the package is not shipped', () => {
    expect(depositAvailableFrom(null, null, settings)).toBeNull();
    expect(balances([{ amount_cents: 1000, deposit: true, available_from: null }], new Date('2100-01-01')).pending).toBe(1000);
  });
});
