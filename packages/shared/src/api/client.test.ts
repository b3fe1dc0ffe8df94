import { stubFetch } from '../../../../tools/jest/fetch-stub';
import { setLanguage } from '../i18n';
import { resetStore } from '../test-utils';
import { api, describeError, isNoAnswer, NO_ANSWER } from './client';
import { readRefusal } from './refusal';

// No text of the HTTP client (ky's "Request failed due to a network error: POST http://…")
// or of a proxy's page ever reaches a page; the shopper reads one sentence in their language.
describe('describeError without an answer', () => {
  let network: ReturnType<typeof stubFetch>;
  beforeEach(() => resetStore());
  afterEach(async () => {
    network.restore();
    await setLanguage('en');
  });

  const failure = (call: () => Promise<unknown>) => call().then(() => { throw new Error('expected a failure'); }, (error: unknown) => error);

  it('a dropped connection is "no answer", said in the shopper’s language, never with the method or URL', async () => {
    network = stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(() => api().post('checkout/payment', { json: {} }).json());
    expect(isNoAnswer(error)).toBe(true);
    expect(await describeError(error)).toEqual({ status: 0, code: NO_ANSWER, message: 'We could not reach the store. Check your connection and try again.' });
    await setLanguage('pt');
    const { message } = await describeError(error);
    expect(message).toBe('Não conseguimos contactar a loja. Verifique a ligação e tente novamente.');
    expect((await readRefusal(error)).text).toBe(message);
  });

  it('a text answer (a proxy’s error page) is the generic sentence, not its text', async () => {
    network = stubFetch(() => ({ status: 502, body: '<html>Bad Gateway nginx</html>' }));
    const error = await failure(() => api().get('catalog/products').json());
    const refusal = await readRefusal(error);
    expect(refusal.text).not.toMatch(/nginx|html|Bad Gateway/);
  });
});
