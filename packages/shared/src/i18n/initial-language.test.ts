import { STORAGE_KEYS } from '../state/storage-keys';

// The language a page starts in when the browser renders it (no server-rendered <html lang>): the
// address's `?lang=` (kept as the visitor's choice), else their choice (the language cookie, else
// localStorage), else English (browser detection is off).
const startIn = async (address: string, stored?: string, cookie?: string): Promise<string> => {
  window.history.replaceState(null, '', address);
  localStorage.clear();
  document.cookie = cookie ? `preloved-lang=${cookie}; path=/` : 'preloved-lang=; path=/; max-age=0';
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

  it('is the address’s ?lang=es, and a stored or cookie choice of Spanish, as for Portuguese', async () => {
    expect(await startIn('/user/notifications?lang=es', 'pt', 'pt')).toBe('es');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('es');
    expect(document.cookie).toContain('preloved-lang=es');
    expect(await startIn('/user/notifications', 'es')).toBe('es');
    expect(await startIn('/checkout', 'en', 'es')).toBe('es');
  });

  it('is the browser’s Spanish (es-ES, es-MX) when the store turns browser detection on', async () => {
    const languages = jest.spyOn(navigator, 'languages', 'get');
    window.__PRELOVED_CONFIG__ = { detectBrowserLanguage: true };
    try {
      languages.mockReturnValue(['es-ES', 'en']);
      expect(await startIn('/')).toBe('es');
      languages.mockReturnValue(['de-DE', 'es-MX']);
      expect(await startIn('/')).toBe('es');
    } finally {
      delete window.__PRELOVED_CONFIG__;
      languages.mockRestore();
    }
  });

  it('is English without a choice or a ?lang', async () => {
    expect(await startIn('/user/notifications')).toBe('en');
    expect(await startIn('/user/notifications?lang=fr')).toBe('en');
  });

  it('takes the address’s ?lang= over a stored choice and keeps it as the switcher does, for a reload, a new tab and the server', async () => {
    expect(await startIn('/user/notifications?lang=pt', 'en', 'en')).toBe('pt');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('pt');
    expect(document.cookie).toContain('preloved-lang=pt');
    // The next page, without the parameter: still Portuguese.
    window.history.replaceState(null, '', '/user/orders');
    let language = '';
    await jest.isolateModulesAsync(async () => {
      language = (await import('./index')).i18n.language;
    });
    expect(language).toBe('pt');
  });

  it('keeps the visitor’s own stored choice when the address names none', async () => {
    expect(await startIn('/user/notifications', 'pt')).toBe('pt');
  });

  it('follows the language cookie the server set for a ?lang= link left before its code ran, over an older stored choice', async () => {
    expect(await startIn('/checkout', undefined, 'pt')).toBe('pt');
    expect(await startIn('/checkout', 'en', 'pt')).toBe('pt');
  });
});
