import { stubFetch } from '../../../../tools/jest/fetch-stub';
import { isOfflineModule, resilientRemotesPlugin } from './runtime-plugin';

type FetchHook = (url: string, init: RequestInit) => Promise<Response>;
type ErrorHook = (args: { id: string; error: unknown; lifecycle: string }) => unknown;

describe('the resilient remotes runtime plugin', () => {
  it('asks again for a manifest that failed with a 5xx, and returns the answer that came', async () => {
    let calls = 0;
    const network = stubFetch(() =>
      ++calls < 3 ? { status: 503, body: {} } : { body: { exposes: [] } },
    );
    try {
      const plugin = resilientRemotesPlugin({ attempts: 3, delayMs: 1 });
      const response = await (plugin.fetch as FetchHook)('http://remote/mf-manifest.json', {});
      expect(response.status).toBe(200);
      expect(network.requests).toHaveLength(3);
    } finally {
      network.restore();
    }
  });

  it('takes a 404 as the answer: a remote that is not there is not asked again', async () => {
    const network = stubFetch(() => ({ status: 404, body: {} }));
    try {
      const response = await (resilientRemotesPlugin({ delayMs: 1 }).fetch as FetchHook)(
        'http://remote/mf-manifest.json',
        {},
      );
      expect(response.status).toBe(404);
      expect(network.requests).toHaveLength(1);
    } finally {
      network.restore();
    }
  });

  it('gives a module request that failed the offline module, and leaves a failed manifest an error', () => {
    const onError = resilientRemotesPlugin().errorLoadRemote as ErrorHook;
    expect(
      isOfflineModule(
        onError({ id: 'search/SearchBox', error: new Error('down'), lifecycle: 'onLoad' }),
      ),
    ).toBe(true);
    expect(
      onError({
        id: 'http://remote/mf-manifest.json',
        error: new Error('down'),
        lifecycle: 'afterResolve',
      }),
    ).toBeUndefined();
  });
});
