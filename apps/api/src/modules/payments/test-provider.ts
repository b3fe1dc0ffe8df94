import { createHash, randomBytes } from 'node:crypto';
import { luhnValid } from '@preloved/contract';
import { cardBrand, type Authorization, type CardPaymentProvider } from './payment-provider';

/** The test cards (the usual conventions of card processors' test modes). */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  requiresAction: '4000002760003184',
} as const;

/**
 * The test provider's card fingerprint: SHA-256 of the digits under a fixed prefix, so the same number
 * always gives the same fingerprint and the number itself is never stored.
 */
export const testCardFingerprint = (number: string) => `tfp_${createHash('sha256').update(`preloved-test-card:${number.replace(/\D/g, '')}`).digest('hex')}`;

export type LedgerEntry = { amountCents: number; state: 'authorized' | 'requires_action' | 'captured' | 'voided' | 'refunded'; refundedCents?: number; parts?: Record<string, number> };

/**
 * A payment provider that needs no network: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is
 * declined, 4000 0027 6000 3184 asks for the extra confirmation step first; any other number with a
 * valid checksum succeeds, one without is declined. Authorization ids carry their state, so any
 * instance can confirm one another instance started. The ledger records what this instance did
 * (tests read it to prove nothing was captured).
 */
export function testPaymentProvider(): CardPaymentProvider & { ledger: Map<string, LedgerEntry> } {
  const ledger = new Map<string, LedgerEntry>();
  const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
  const mark = (id: string, state: LedgerEntry['state']) => {
    const entry = ledger.get(id) ?? { amountCents: 0, state };
    ledger.set(id, { ...entry, state });
  };
  return {
    name: 'test',
    flow: 'card',
    ledger,
    async authorize({ amountCents, card }) {
      const details = { cardBrand: cardBrand(card.number), last4: card.number.slice(-4) };
      if (!luhnValid(card.number)) return { status: 'declined', reason: 'Your card number is incorrect.', ...details };
      if (card.number === TEST_CARDS.declined) return { status: 'declined', reason: 'Your card was declined.', ...details };
      const requiresAction = card.number === TEST_CARDS.requiresAction;
      const id = newId(requiresAction ? 'tact' : 'tauth');
      ledger.set(id, { amountCents, state: requiresAction ? 'requires_action' : 'authorized' });
      return { status: requiresAction ? 'requires_action' : 'authorized', id, ...details } satisfies Authorization;
    },
    async confirm(authorizationId) {
      if (!/^tact_[0-9a-f]{24}$/.test(authorizationId)) throw new Error(`Unknown authorization ${authorizationId}`);
      mark(authorizationId, 'authorized');
      return { status: 'authorized', id: authorizationId, cardBrand: 'Visa', last4: TEST_CARDS.requiresAction.slice(-4) };
    },
    fingerprint(card) {
      return testCardFingerprint(card.number);
    },
    async capture(authorizationId) {
      mark(authorizationId, 'captured');
    },
    async void(authorizationId) {
      mark(authorizationId, 'voided');
    },
    async refund(authorizationId, amountCents, part) {
      // Each part once (a repeat answers the same reference); refundedCents adds the parts up.
      const entry = ledger.get(authorizationId) ?? { amountCents, state: 'captured' };
      const parts = { ...entry.parts };
      const name = part ?? '';
      if (!(name in parts)) parts[name] = amountCents;
      const refundedCents = Object.values(parts).reduce((sum, cents) => sum + cents, 0);
      ledger.set(authorizationId, { ...entry, state: 'refunded', refundedCents, parts });
      return `tref_${authorizationId.slice(-12)}${part ? `_${part}` : ''}`;
    },
  };
}
