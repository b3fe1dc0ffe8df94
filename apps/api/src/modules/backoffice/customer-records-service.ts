import type { CustomerBlockInput } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiError, notFound } from '../../core/errors';
import { euros } from '../../core/money';
import { recordAudit } from './audit-repository';
import { block, customerRecord, search, unblock } from './customer-records-repository';
import type { StaffSession } from './staff-sessions';

declare module 'fastify' {
  interface FastifyInstance {
    customerRecords: ReturnType<typeof customerRecordsService>;
  }
}

/** Support's and finance's view of the people: the search box, a customer's page, blocking with a reason. */
function customerRecordsService(app: FastifyInstance) {
  const { db, clock } = app;
  const page = async (customerId: number) => {
    const record = await customerRecord(db, customerId);
    if (!record) throw notFound('Customer');
    const { frozen, ...rest } = record;
    const balance = await app.wallet.balance(customerId);
    return { ...rest, wallet: { total: euros(balance.total), pending: euros(balance.pending), available: euros(balance.available), frozen } };
  };
  return {
    search: (q: string) => search(db, q),
    page,

    async setBlocked(by: StaffSession, customerId: number, { blocked, reason }: CustomerBlockInput) {
      await db.transaction(async (tx) => {
        const exists = await tx.query('SELECT 1 FROM customers WHERE id = $1 FOR UPDATE', [customerId]);
        if (exists.rows.length === 0) throw notFound('Customer');
        if (blocked) {
          const done = await block(tx, customerId, reason, clock.now());
          if (!done) throw apiError(409, 'customer_blocked_already');
          await recordAudit(tx, { staffId: by.staff_id, action: 'customer.block', targetType: 'customer', targetId: customerId, before: { blocked: false }, after: { blocked: true, ...done }, reason });
        } else {
          if (!(await unblock(tx, customerId))) throw apiError(409, 'customer_not_blocked');
          await recordAudit(tx, { staffId: by.staff_id, action: 'customer.unblock', targetType: 'customer', targetId: customerId, before: { blocked: true }, after: { blocked: false }, reason });
        }
      });
      return page(customerId);
    },
  };
}

export default fp(async (app: FastifyInstance) => void app.decorate('customerRecords', customerRecordsService(app)), {
  name: 'customer-records',
  dependencies: ['db', 'clock', 'wallet'],
});
