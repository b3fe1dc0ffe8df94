import { i18n, STORAGE_KEYS } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import '../../i18n';
import { LanguageSwitcher } from './LanguageSwitcher';

/** The switcher beside a shell sentence, to see the page follow the choice. */
function Switched() {
  const { t } = useTranslation('shell');
  return (
    <>
      <LanguageSwitcher />
      <p>{t('header.signIn')}</p>
    </>
  );
}

describe('the language switcher', () => {
  beforeEach(() => resetStore());
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('en');
  });

  it('offers English, Portuguese and Spanish, each named in its own language', () => {
    renderWithProviders(<LanguageSwitcher />);
    const group = screen.getByRole('group', { name: 'Language' });
    expect(screen.getAllByRole('button').map((button) => [button.textContent, button.getAttribute('aria-label'), button.getAttribute('lang')])).toEqual([
      ['EN', 'English', 'en'],
      ['PT', 'Português', 'pt'],
      ['ES', 'Español', 'es'],
    ]);
    expect(group).toContainElement(screen.getByRole('button', { name: 'English', pressed: true }));
  });

  it('switches the store to Spanish: its catalogue loaded, the choice kept for the next page and the server', async () => {
    renderWithProviders(<Switched />);
    await userEvent.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByText('Iniciar sesión')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Idioma' })).toContainElement(screen.getByRole('button', { name: 'Español', pressed: true }));
    expect(i18n.language).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('es');
    expect(document.cookie).toContain('preloved-lang=es');
  });
});
