import type { PackageVerification } from '@preloved/contract';
import { i18n } from '@preloved/shared';
import '../i18n';
import { refundKey, refundReason } from './HubNotes';

// A piece refunded alone says why, on the buyer's order and the seller's sale: failed at the hub, lost
// on its way there, refunded after the buyer's report once shipped, or its seller could not send it.
const verification = (state: PackageVerification['state'], verdict: 'pass' | 'fail' | null = null): PackageVerification => ({
  state,
  received_at: null,
  decided_at: null,
  lost_at: null,
  outbound_tracking: null,
  return_tracking: null,
  pieces: [{ listing_id: 7, verdict, report: verdict === 'fail' ? 'A stain on the collar.' : null }],
});

describe('why a piece was refunded alone', () => {
  it('names the hub’s failure, the loss on the way there, the buyer’s report, or the seller’s cancellation', () => {
    expect(refundReason(verification('failed', 'fail'), 7, true)).toBe('failed');
    expect(refundReason(verification('lost'), 7, true)).toBe('lost');
    expect(refundReason(verification('passed', 'pass'), 7, true)).toBe('claim');
    expect(refundReason(null, 7, true)).toBe('claim');
    expect(refundReason(null, 7, false)).toBe('cancelled');
  });

  it('says it in each party’s words, in every language', async () => {
    const say = (side: 'order' | 'sales', reason: ReturnType<typeof refundReason>, lng: string) => i18n.t(refundKey(side, reason), { ns: 'account', lng, amount: '€20.00', date: '2 December' });
    expect(say('order', 'failed', 'en')).toBe('It did not pass our check: €20.00 refunded on 2 December.');
    expect(say('sales', 'failed', 'en')).toBe('It did not pass our check: €20.00 refunded to the buyer on 2 December, and it comes back to you.');
    expect(say('order', 'lost', 'en')).toBe('Lost on its way to our hub: €20.00 refunded on 2 December.');
    expect(say('order', 'claim', 'en')).toBe('Refunded after your report: €20.00 on 2 December.');
    expect(say('order', 'cancelled', 'en')).toBe('The seller could not send this piece: €20.00 refunded on 2 December.');
    await i18n.loadLanguages(['pt']);
    expect(say('order', 'failed', 'pt')).toBe('Não passou a nossa verificação: €20.00 reembolsado a 2 December.');
  });
});
