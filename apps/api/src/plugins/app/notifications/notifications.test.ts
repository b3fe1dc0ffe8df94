import { testApp } from '../../../test/app';
import { inject, shopper } from '../../../test/checkout';

// The header's number is one sum: every provider a feature registers adds to it, in the login
// answer and in GET /api/notifications/count alike (offers waiting and the feed's unread entries).
let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp();
});
afterAll(async () => ctx?.close());

describe('notifications count', () => {
  it('sums every registered provider for the signed-in customer, in the count call and the login answer', async () => {
    const customer = await shopper(ctx.app);
    const count = async () => (await inject(ctx.app, 'GET', 'notifications/count', { token: customer.token })).json<{ Notifications: number }>().Notifications;
    expect(await count()).toBe(0);
    ctx.app.notifications.provide('test-feed', async (customerId) => (customerId === customer.id ? 3 : 0));
    expect(await count()).toBe(3);
    const login = await inject(ctx.app, 'POST', 'customers/login', { body: { email: customer.email, password: 'Secret#123', cart: [], id_brand: 1 } });
    expect(login.json().Notifications).toBe(3);
    expect(() => ctx.app.notifications.provide('test-feed', async () => 1)).toThrow(/registered twice/);
  });

  it('needs a session (401 without a token)', async () => {
    expect((await inject(ctx.app, 'GET', 'notifications/count')).statusCode).toBe(401);
  });
});
