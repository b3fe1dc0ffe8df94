import { REFUSAL_MESSAGES, VALIDATION_MESSAGES } from '@preloved/contract';
import { stubFetch } from '../../../../tools/jest/fetch-stub';
import { api, describeError } from '../api/client';
import { onApiEvent, type ApiEvent } from '../api/events';
import { errorText, knownCode } from '../api/error-text';
import { messageFor, readRefusal } from '../api/refusal';
// What every page has: the router registers the field keys' English (and nothing of the refusals').
import '../router';
import { setLanguage } from './index';
import { loadRefusals, refusalsChunk } from './refusals';

/** The time a slow phone's network takes to bring the chunk. */
const slowly = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 150));

// The refusals' English is not in a page until the API client meets the first refusal, and it is in
// before that refusal's error reaches anyone; the field keys' English is there from the start.
describe('the refusals’ English, loaded with the first refusal', () => {
  let network: ReturnType<typeof stubFetch>;
  const gone = { statusCode: 409, code: 'listing_unavailable', message: 'English for the logs' };
  /** The call's error, with whether its sentence was there the moment it reached the caller. */
  const refusal = async (path = 'cart') =>
    api()
      .post(path, { json: {} })
      .json()
      .then(
        () => ({ failure: null as unknown, known: false }),
        (failure: unknown) => ({ failure, known: knownCode('listing_unavailable') }),
      );
  let chunk: jest.SpyInstance;

  beforeAll(() => {
    const load = refusalsChunk.load;
    chunk = jest.spyOn(refusalsChunk, 'load').mockImplementation(() => load().then(slowly));
  });
  beforeEach(() => {
    network = stubFetch((request) =>
      request.url === '/api/cart' ? { status: 409, body: gone } : request.url === '/api/addresses' ? { status: 422, body: { code: 'too_many_addresses', message: 'x', params: { max: 20 } } } : { body: {} },
    );
  });
  afterEach(async () => {
    await setLanguage('en');
    network.restore();
  });
  afterAll(() => chunk.mockRestore());

  it('has a field key’s sentence without any request, and no refusal’s', () => {
    expect(messageFor('email_taken')).toBe(VALIDATION_MESSAGES.email_taken);
    expect(knownCode('listing_unavailable')).toBe(false);
    expect(network.requests).toEqual([]);
    expect(chunk).not.toHaveBeenCalled();
  });

  it('has a refusal’s sentence when its error reaches the caller', async () => {
    const { failure, known } = await refusal();
    expect(known).toBe(true);
    expect(messageFor('listing_unavailable')).toBe(REFUSAL_MESSAGES.listing_unavailable);
    expect(errorText(gone)).toBe(REFUSAL_MESSAGES.listing_unavailable);
    expect(await describeError(failure)).toEqual({ status: 409, message: REFUSAL_MESSAGES.listing_unavailable, code: 'listing_unavailable' });
    expect(await readRefusal(failure)).toEqual({ fields: {}, text: REFUSAL_MESSAGES.listing_unavailable });
  });

  it('has a 422’s sentence when its toast is shown', async () => {
    const events: ApiEvent[] = [];
    const stop = onApiEvent((event) => events.push(event));
    await refusal('addresses');
    stop();
    expect(events).toEqual([{ type: 'error-message', message: 'You can keep at most 20 addresses. Delete one first.' }]);
  });

  it('fetches the chunk once, whatever the number of refusals', async () => {
    await refusal();
    await refusal('addresses');
    await refusal();
    expect(loadRefusals()).toBe(loadRefusals());
    expect(chunk).toHaveBeenCalledTimes(1);
  });

  it('gives a Portuguese page the Portuguese sentence', async () => {
    await setLanguage('pt');
    const { failure } = await refusal();
    expect((await describeError(failure)).message).toBe('Este artigo foi vendido ou já não está disponível.');
    expect(messageFor('listing_unavailable')).toBe('Este artigo foi vendido ou já não está disponível.');
  });
});

// A load that fails (offline, a chunk that did not arrive) lets the refusal through with the answer's
// own English message, and is not kept: the next refusal loads the sentences.
describe('a failed load of the refusals’ English', () => {
  it('lets the error through and is tried again at the next refusal', async () => {
    const network = stubFetch(() => ({ status: 409, body: { code: 'listing_unavailable', message: 'This item has been sold or is no longer available.' } }));
    try {
      await jest.isolateModulesAsync(async () => {
        await import('../router');
        const { refusalsChunk: pageChunk } = await import('./refusals');
        const client = await import('../api/client');
        const { knownCode: known } = await import('../api/error-text');
        const chunkLoads = jest.spyOn(pageChunk, 'load').mockRejectedValueOnce(new Error('ChunkLoadError: offline'));
        const first: unknown = await client.api().post('cart').json().catch((error: unknown) => error);
        expect(known('listing_unavailable')).toBe(false);
        expect(await client.describeError(first)).toEqual({ status: 409, message: 'This item has been sold or is no longer available.', code: 'listing_unavailable' });
        const second: unknown = await client.api().post('cart').json().catch((error: unknown) => error);
        expect(known('listing_unavailable')).toBe(true);
        expect((await client.describeError(second)).message).toBe(REFUSAL_MESSAGES.listing_unavailable);
        expect(chunkLoads).toHaveBeenCalledTimes(2);
      });
    } finally {
      network.restore();
    }
  });
});
