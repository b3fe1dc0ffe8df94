import { STORAGE_KEYS } from '../state/storage-keys';

// The language a page starts in when the browser renders it (no server-rendered <html lang>): the
// visitor's stored choice, else the address's `?lang=`, else English (browser detection is off).
const startIn = async (address: string, stored?: string): Promise<string> => {
  window.history.replaceState(null, '', address);
  localStorage.clear();
  if (stored) localStorage.setItem(STORAGE_KEYS.language, stored);
  let language = '';
  await jest.isolateModulesAsync(async () => {
    const { i18n } = await import('./index');
    language = i18n.language;
  });
  return language;
};

describe('the language of a page the browser renders', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('is the address’s ?lang=pt, as on the pages the server renders', async () => {
    expect(await startIn('/user/notifications?lang=pt')).toBe('pt');
  });

  it('is English without a choice or a ?lang', async () => {
    expect(await startIn('/user/notifications')).toBe('en');
    expect(await startIn('/user/notifications?lang=fr')).toBe('en');
  });

  it('keeps the visitor’s own stored choice over the address, as a server-rendered page does after hydrating', async () => {
    expect(await startIn('/user/notifications?lang=pt', 'en')).toBe('en');
  });
});
