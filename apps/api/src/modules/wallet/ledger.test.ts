import { balances, depositAvailableFrom, testDeliveryAt } from './ledger';

const settings = { protectionHours: 48 };
const at = (iso: string) => new Date(iso);
const facts = (deliveredAt: Date | null, more: Partial<Parameters<typeof depositAvailableFrom>[0]> = {}) => ({
  deliveredAt,
  confirmedAt: null,
  problemReportedAt: null,
  resolvedAt: null,
  ...more,
});

describe('a deposit becomes available', () => {
  it('2 days after the carrier delivered, when nobody says anything', () => {
    expect(depositAvailableFrom(facts(at('2026-12-02T10:00:00Z')), settings)).toEqual(at('2026-12-04T10:00:00Z'));
  });

  it("when the buyer says all is well after the delivery, but never before the delivery", () => {
    const delivered = at('2026-12-02T10:00:00Z');
    expect(depositAvailableFrom(facts(delivered, { confirmedAt: at('2026-12-02T15:00:00Z') }), settings)).toEqual(at('2026-12-02T15:00:00Z'));
    expect(depositAvailableFrom(facts(delivered, { confirmedAt: at('2026-11-30T09:00:00Z') }), settings)).toEqual(delivered);
    // A late "all is well" does not hold back what the window already freed.
    expect(depositAvailableFrom(facts(delivered, { confirmedAt: at('2026-12-10T09:00:00Z') }), settings)).toEqual(at('2026-12-04T10:00:00Z'));
  });

  it('never while no delivery is reported, whatever the buyer clicked', () => {
    expect(depositAvailableFrom(facts(null, { confirmedAt: at('2026-12-02T15:00:00Z') }), settings)).toBeNull();
    expect(balances([{ amount_cents: 1000, deposit: true, available_from: null }], new Date('2100-01-01')).pending).toBe(1000);
  });

  it('never while a problem is open, and at its resolution once an operator decides', () => {
    const delivered = at('2026-12-02T10:00:00Z');
    expect(depositAvailableFrom(facts(delivered, { problemReportedAt: at('2026-12-03T10:00:00Z') }), settings)).toBeNull();
    expect(depositAvailableFrom(facts(delivered, { problemReportedAt: at('2026-12-03T10:00:00Z'), resolvedAt: at('2026-12-08T10:00:00Z') }), settings)).toEqual(
      at('2026-12-08T10:00:00Z'),
    );
    // Reported once the credit was released: it stays released.
    expect(depositAvailableFrom(facts(delivered, { problemReportedAt: at('2026-12-05T10:00:00Z') }), settings)).toEqual(at('2026-12-04T10:00:00Z'));
  });
});

describe('a chargeback', () => {
  const delivered = at('2026-12-02T10:00:00Z');
  it('opened before the release freezes it until it is closed, then releases it at once (won, or lost: taken back in its own row)', () => {
    expect(depositAvailableFrom(facts(delivered, { disputeOpenedAt: at('2026-12-03T10:00:00Z') }), settings)).toBeNull();
    expect(depositAvailableFrom(facts(null, { disputeOpenedAt: at('2026-12-01T10:00:00Z') }), settings)).toBeNull();
    expect(depositAvailableFrom(facts(delivered, { disputeOpenedAt: at('2026-12-03T10:00:00Z'), disputeClosedAt: at('2026-12-20T10:00:00Z') }), settings)).toEqual(at('2026-12-20T10:00:00Z'));
  });

  it('opened once the credit was released changes nothing released (it may be paid out: a lost one leaves the wallet owing)', () => {
    expect(depositAvailableFrom(facts(delivered, { disputeOpenedAt: at('2026-12-10T10:00:00Z') }), settings)).toEqual(at('2026-12-04T10:00:00Z'));
    // Released by an operator's decision on a problem before the chargeback: stays released.
    const resolved = { problemReportedAt: at('2026-12-03T10:00:00Z'), resolvedAt: at('2026-12-05T10:00:00Z') };
    expect(depositAvailableFrom(facts(delivered, { ...resolved, disputeOpenedAt: at('2026-12-10T10:00:00Z'), disputeClosedAt: at('2026-12-30T10:00:00Z') }), settings)).toEqual(at('2026-12-05T10:00:00Z'));
  });

  it('closed while a problem is still open keeps it frozen until the operator decides', () => {
    expect(
      depositAvailableFrom(facts(delivered, { problemReportedAt: at('2026-12-03T10:00:00Z'), disputeOpenedAt: at('2026-12-03T12:00:00Z'), disputeClosedAt: at('2026-12-20T10:00:00Z') }), settings),
    ).toBeNull();
  });
});

describe('the test carrier', () => {
  it('delivers 2 Portuguese business days after shipping, at the hour it was shipped', () => {
    // Shipped on Friday 27 Nov 2026: Mon 30 Nov, then 1 Dec is a holiday, 2 Dec the second business day.
    expect(testDeliveryAt(at('2026-11-27T18:00:00Z'), 2).toISOString()).toBe('2026-12-02T18:00:00.000Z');
    // Late on a Monday in Lisbon is still that Monday.
    expect(testDeliveryAt(at('2026-11-23T23:30:00Z'), 2).toISOString()).toBe('2026-11-25T23:30:00.000Z');
  });
});
