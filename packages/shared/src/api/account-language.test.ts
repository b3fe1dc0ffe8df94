import { stubFetch } from '../../../../tools/jest/fetch-stub';
import { setLanguage } from '../i18n';
import { startSessionAtom, store } from '../state/store';
import { resetStore } from '../test-utils';
// The API client follows the store's language (it is loaded on every page of the store).
import './client';

// Issue 43: a signed-in shopper who switches the store's language has it recorded on the account,
// so its mails (a seller's sale mail too) come in it; a visitor without a session sends nothing.
describe('the account’s language follows the store’s', () => {
  let network: ReturnType<typeof stubFetch>;
  const recorded = () => network.requests.filter((request) => request.url === '/api/customers/language');
  beforeEach(() => {
    resetStore();
    network = stubFetch((request) => (request.url === '/api/customers/language' ? { body: request.body } : undefined));
  });
  afterEach(async () => {
    await setLanguage('en');
    network.restore();
  });

  const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('records a signed-in shopper’s switch, once per switch', async () => {
    store.set(startSessionAtom, { token: 'seller-token', cart: [], notifications: 0 });
    await setLanguage('pt');
    await setLanguage('pt');
    await settled();
    expect(recorded()).toEqual([{ method: 'PUT', url: '/api/customers/language', body: { language: 'pt' } }]);
  });

  it('sends nothing for a visitor without a session', async () => {
    await setLanguage('pt');
    await settled();
    expect(recorded()).toEqual([]);
  });
});
