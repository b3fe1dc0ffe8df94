import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { ensureLanguage } from '../../packages/shared/src/i18n';
import { server } from './msw-server';
import { giveSetUpItsTime } from './set-up-time';

// A file's hooks (the language loaded below, a file's own stores) get the set-up time (set-up-time.ts).
giveSetUpItsTime();

// The network (msw-server.ts). A request no handler answers fails as a network error and is named on
// the console: before MSW it went to the real localhost and failed there (connection refused).
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
});
afterAll(() => server.close());

// The store loads Portuguese on demand (before the first render in it); tests switch languages at will.
beforeAll(() => ensureLanguage('pt'));

// findBy… and waitFor wait up to 5 s, not 1: on a shared 2-core machine under load, a page's first
// render (its loader, its lazy parts) took over a second, and a test failed that proves nothing about
// time (AddressesPage, DeliveryTab). A test of how long something takes is a benchmark, not this.
configure({ asyncUtilTimeout: 5000 });

// A test's own limit is above its waits (jest's default, 5 s, equals one wait): a component test with
// a few user steps under that load passed 5 s in all and failed on time it does not test (WalletPage,
// LoginPanel, DeliveryTab, with the machine's load average at 35).
jest.setTimeout(30_000);
