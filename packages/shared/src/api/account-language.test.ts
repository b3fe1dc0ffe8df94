import { stubFetch } from '../../../../tools/jest/fetch-stub';
import { setLanguage } from '../i18n';
import { startSessionAtom, store } from '../state/store';
import { resetStore } from '../test-utils';
import { api } from './client';

// A signed-in shopper's language is recorded on the account (its mails, a seller's sale mail
// too, come in it) on each switch, and for a mail link's ?lang= (initial-language.test.ts starts a
// page with one); a visitor without a session sends nothing.
describe('the account’s language follows the store’s', () => {
  let network: ReturnType<typeof stubFetch>;
  const recorded = () => network.requests.filter((request) => request.url === '/api/customers/language').map((request) => request.body);
  const settled = () => new Promise((resolve) => setTimeout(resolve, 50));
  beforeEach(async () => {
    resetStore();
    sessionStorage.clear();
    network = stubFetch((request) => (request.url === '/api/customers/language' ? { body: request.body } : { body: {} }));
    // The page's first call loads the API client, which follows the language from then on.
    await api().get('brands/details').json();
  });
  afterEach(async () => {
    await setLanguage('en');
    await settled();
    network.restore();
  });

  it('records a signed-in shopper’s switch, once per session and language', async () => {
    store.set(startSessionAtom, { token: 'seller-token', cart: [], notifications: 0 });
    await setLanguage('pt');
    await setLanguage('pt');
    await settled();
    expect(recorded()).toEqual([{ language: 'pt' }]);
  });

  it('sends nothing for a visitor without a session', async () => {
    await setLanguage('pt');
    await settled();
    expect(recorded()).toEqual([]);
  });

  it('records a mail link’s ?lang= as soon as there is a session on that page', async () => {
    window.history.replaceState(null, '', '/user/orders/5?lang=pt');
    try {
      await jest.isolateModulesAsync(async () => {
        const { store: pageStore, startSessionAtom: start } = await import('../state/store');
        const { api: pageApi } = await import('./client');
        await pageApi().get('brands/details').json();
        await settled();
        expect(recorded()).toEqual([]);
        pageStore.set(start, { token: 'buyer-token', cart: [], notifications: 0 });
        await settled();
        expect(recorded()).toEqual([{ language: 'pt' }]);
      });
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});
