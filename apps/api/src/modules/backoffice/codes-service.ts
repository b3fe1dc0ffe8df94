import type { DiscountCodeCreate } from '@preloved/contract';
import { DiscountCodeCreate as CodeSchema } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiError } from '../../core/errors';
import { recordAudit } from './audit-repository';
import { endCode, findCode, insertCode, listCodes, redemptionsOf, setActive } from './codes-repository';
import type { StaffSession } from './staff-sessions';

declare module 'fastify' {
  interface FastifyInstance {
    discountCodes: ReturnType<typeof codesService>;
  }
}

const centsOrNull = (euros: number | null) => (euros === null ? null : Math.round(euros * 100));

/**
 * The storefront's discount codes for admins: create, pause, resume and end, each with its audit
 * entry in the same transaction; the rules themselves are checkout's (checkout-repository.ts).
 */
function codesService(app: FastifyInstance) {
  const { db, clock } = app;
  const get = async (code: string) => {
    const found = await findCode(db, code, clock.now());
    if (!found) throw apiError(404, 'discount_code_not_found');
    return found;
  };
  return {
    list: async () => ({ codes: await listCodes(db, clock.now()) }),

    async create(by: StaffSession, input: DiscountCodeCreate) {
      const code = CodeSchema.parse(input);
      await db.transaction(async (tx) => {
        const created = await insertCode(tx, {
          code: code.code,
          percentOff: code.percent_off,
          amountOffCents: centsOrNull(code.amount_off),
          startsAt: code.starts_at,
          endsAt: code.ends_at,
          maxUses: code.max_uses,
          maxUsesPerShopper: code.max_uses_per_shopper,
          firstOrderOnly: code.first_order_only,
          minOrderCents: centsOrNull(code.min_order),
          maxDiscountCents: centsOrNull(code.max_discount),
        });
        if (!created) throw apiError(409, 'discount_code_taken', { fields: [{ field: 'code', key: 'discount_code_taken' }] });
        await recordAudit(tx, { staffId: by.staff_id, action: 'code.create', targetType: 'discount_code', targetId: code.code, after: code });
      });
      return get(code.code);
    },

    async act(by: StaffSession, code: string, action: 'pause' | 'resume' | 'end') {
      const before = await get(code);
      await db.transaction(async (tx) => {
        const changed = action === 'end' ? await endCode(tx, code, clock.now()) : await setActive(tx, code, action === 'resume');
        if (!changed) throw apiError(409, 'discount_code_not_changed');
        await recordAudit(tx, { staffId: by.staff_id, action: `code.${action}`, targetType: 'discount_code', targetId: code, before: { state: before.state } });
      });
      return get(code);
    },

    async redemptions(code: string) {
      await get(code);
      return { code, redemptions: await redemptionsOf(db, code) };
    },
  };
}

export default fp(async (app: FastifyInstance) => void app.decorate('discountCodes', codesService(app)), { name: 'discount-codes', dependencies: ['db', 'clock'] });
