import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MainStoreCode } from '@preloved/contract';
import { DEMO_SECRETS } from '../../config';
import { testApp } from '../../test/app';
import { MAIN_SHOP_SERVER_PATH } from './main-shop-stand-in-routes';

// The main-shop key is a server-to-server secret. The demo's main shop sends a code to its
// own server part (the stand-in in the API process, demo only), which holds the key and calls the
// store's discount-code API; the page and its scripts carry no key.

const mainShop = path.resolve(__dirname, '../../../../main-shop');
const KEY_TRACES = [DEMO_SECRETS.MAIN_SHOP_KEY, 'x-shop-key', 'preloved-shop-key', 'shopKey'];
const withoutKey = (text: string) => KEY_TRACES.filter((trace) => text.toLowerCase().includes(trace.toLowerCase()));

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));

describe("the main-shop stand-in's server part (demo)", () => {
  let ctx: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    ctx = await testApp();
  });
  afterAll(() => ctx.close());

  const standIn = (action: 'check' | 'redeem', body: object) => ctx.app.inject({ method: 'POST', url: `${MAIN_SHOP_SERVER_PATH}/${action}`, payload: body });

  it('checks and redeems a code once for a page that sends no key, with the store API’s answers', async () => {
    const { code } = (await ctx.db.query<{ code: string }>(`SELECT code FROM discount_codes WHERE scope = 'main_store' AND active LIMIT 1`)).rows[0]!;
    const checked = await standIn('check', { code: code.toLowerCase() });
    expect(checked.statusCode).toBe(200);
    expect(MainStoreCode.parse(checked.json())).toMatchObject({ code, active: true, redeemed_at: null });

    const redeemed = await standIn('redeem', { code });
    expect(redeemed.json()).toMatchObject({ code, active: false, redeemed_at: expect.any(String) });
    const kept = await ctx.db.query<{ reference: string | null }>('SELECT redeemed_reference AS reference FROM discount_codes WHERE code = $1', [code]);
    expect(kept.rows[0]?.reference).toMatch(/^MAIN-\d+$/);
    const again = await standIn('redeem', { code });
    expect([again.statusCode, again.json().message]).toEqual([409, 'This discount code has already been used.']);

    const unknown = await standIn('check', { code: 'PL-NOSUCHCODE1' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Discount code is not valid.']);
    expect((await standIn('check', { code: '' })).json().fields[0].key).toBe('no_discount_code');
  });

  it('is not there in a store that is not the demo (it would redeem codes without the key)', async () => {
    const real = await testApp({ DEMO: 'false' });
    try {
      expect((await real.app.inject({ method: 'POST', url: `${MAIN_SHOP_SERVER_PATH}/check`, payload: { code: 'PL-NOSUCHCODE1' } })).statusCode).toBe(404);
      expect((await real.app.inject({ method: 'POST', url: `${MAIN_SHOP_SERVER_PATH}/redeem`, payload: { code: 'PL-NOSUCHCODE1' } })).statusCode).toBe(404);
    } finally {
      await real.close();
    }
  });
});

describe('the main-shop page carries no shop key', () => {
  it('in its sources', () => {
    for (const file of files(path.join(mainShop, 'src'))) expect([path.basename(file), withoutKey(readFileSync(file, 'utf8'))]).toEqual([path.basename(file), []]);
  });

  const dist = path.join(mainShop, 'dist');
  (existsSync(path.join(dist, 'index.html')) ? it : it.skip)('in the pages and scripts the store serves at /main-shop/ (its build)', async () => {
    const store = await testApp({ STATIC_DIR: path.resolve(mainShop, '../..'), SERVER_RENDER: 'false' });
    try {
      const served = files(dist)
        .map((file) => path.relative(dist, file))
        .filter((file) => /\.(html|js)$/.test(file));
      expect(served).toEqual(expect.arrayContaining(['index.html', 'order.html']));
      for (const file of ['', ...served]) {
        const answer = await store.app.inject(`/main-shop/${file}`);
        expect([file, answer.statusCode, withoutKey(answer.body)]).toEqual([file, 200, []]);
      }
    } finally {
      await store.close();
    }
  });
});
