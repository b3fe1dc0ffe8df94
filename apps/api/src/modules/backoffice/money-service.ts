import type { CreditBonusPolicy, CreditBonusSettings, HeldIbanDecision, LedgerReport, PriceRule, PriceRulesSettings, Transfer } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiError } from '../../core/errors';
import { euros } from '../../core/money';
import { priceRules, savePriceRules } from '../selling/price-rules';
import { bonusCost, creditBonusPolicy, saveCreditBonusPolicy } from '../wallet/credit-bonus';
import { auditLedger } from '../wallet/ledger-audit';
import { recordAudit } from './audit-repository';
import { endHold, freezePayouts, heldIbans, holdOf, transfers } from './money-repository';
import type { StaffSession } from './staff-sessions';

declare module 'fastify' {
  interface FastifyInstance {
    backofficeMoney: ReturnType<typeof moneyService>;
  }
}

/** Finance's view of the money: held IBAN changes and the decision on each, the transfers, the ledger's audit. */
function moneyService(app: FastifyInstance) {
  const { db, clock, config } = app;
  return {
    async held() {
      const held = await heldIbans(db, clock.now());
      return { held: await Promise.all(held.map(async (row) => ({ ...row, available: euros((await app.wallet.balance(row.customer_id)).available) }))) };
    },

    /** Ends the hold now, or freezes the seller's payouts; either with its reason in the audit log. */
    async decide(by: StaffSession, customerId: number, { decision, reason }: HeldIbanDecision) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const holdUntil = await holdOf(tx, customerId, now);
        if (!holdUntil) throw apiError(409, 'iban_not_on_hold');
        if (decision === 'approve') await endHold(tx, customerId, now);
        else await freezePayouts(tx, customerId);
        await recordAudit(tx, {
          staffId: by.staff_id,
          action: decision === 'approve' ? 'payout.approve_iban' : 'payout.freeze',
          targetType: 'customer',
          targetId: customerId,
          before: { hold_until: holdUntil },
          after: decision === 'approve' ? { hold_until: now.toISOString() } : { frozen: true },
          reason,
        });
      });
    },

    /** The store-credit bonus's policy and what it has cost the brand. */
    async creditBonus(): Promise<CreditBonusSettings> {
      const [policy, cost] = await Promise.all([creditBonusPolicy(db), bonusCost(db, clock.now())]);
      return { ...policy, cost: { this_month: euros(cost.thisMonth), all_time: euros(cost.allTime), codes: cost.codes } };
    },

    /** An admin sets the bonus (from the next code on), with the change in the audit log. */
    async setCreditBonus(by: StaffSession, policy: CreditBonusPolicy): Promise<CreditBonusSettings> {
      await db.transaction(async (tx) => {
        const before = await creditBonusPolicy(tx);
        await saveCreditBonusPolicy(tx, policy);
        await recordAudit(tx, { staffId: by.staff_id, action: 'settings.credit_bonus', targetType: 'setting', targetId: 'credit_bonus', before, after: policy });
      });
      return this.creditBonus();
    },

    /** Every category with its price rule (nulls: none). */
    async priceRules(): Promise<PriceRulesSettings> {
      const [{ rows }, rules] = await Promise.all([db.query<{ id: number; name: string }>('SELECT id, name FROM categories ORDER BY id'), priceRules(db)]);
      return {
        rules: rows.map((category) => {
          const rule = rules.find((candidate) => candidate.category_id === category.id);
          return { category_id: category.id, name: category.name, floor_percent: rule?.floor_percent ?? null, ceiling_percent: rule?.ceiling_percent ?? null };
        }),
      };
    },

    /** An admin sets the rules (checked from the next price a seller sets on), with the change in the audit log. */
    async setPriceRules(by: StaffSession, rules: PriceRule[]): Promise<PriceRulesSettings> {
      await db.transaction(async (tx) => {
        const known = new Set((await tx.query<{ id: number }>('SELECT id FROM categories')).rows.map((row) => row.id));
        const unknown = rules.findIndex((rule) => !known.has(rule.category_id));
        if (unknown >= 0) throw apiError(422, 'category_unknown', { fields: [{ field: `rules.${unknown}.category_id`, key: 'category_unknown' }] });
        const before = await priceRules(tx);
        await savePriceRules(tx, rules);
        await recordAudit(tx, { staffId: by.staff_id, action: 'settings.price_rules', targetType: 'setting', targetId: 'price_rules', before: { rules: before }, after: { rules: await priceRules(tx) } });
      });
      return this.priceRules();
    },

    transfers: async (state: Transfer['state'] | undefined) => ({ transfers: await transfers(db, state) }),

    async ledger(): Promise<LedgerReport> {
      const report = await auditLedger(db, config, app.carriers, clock.now());
      return {
        ok: report.ok,
        mismatches: report.mismatches.slice(0, 100),
        totals: Object.fromEntries(Object.entries(report.totals).map(([name, cents]) => [name, name === 'orders' ? cents : euros(cents)])),
        wallets: report.wallets.slice(0, 50).map((wallet) => ({
          customer_id: wallet.customerId,
          credited: euros(wallet.credited),
          paid_out: euros(wallet.paidOut),
          pending: euros(wallet.pending),
          available: euros(wallet.available),
        })),
      };
    },
  };
}

export default fp(async (app: FastifyInstance) => void app.decorate('backofficeMoney', moneyService(app)), {
  name: 'backoffice-money',
  dependencies: ['db', 'clock', 'config', 'wallet', 'carriers'],
});
