import { ensureLanguage, i18n } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import { checkClaim } from '../../../../../tools/test-support/check-claims';
import { AboutPage, FaqsPage, infoPageLoader, TermsPage } from './index';

// A fee must buy what it names (issue 48): the about page, the FAQs and the terms say sold pieces are
// checked only in a store that checks them (the brand's details: verification); their loader reads it,
// so the server renders the right words.

describe('information pages by the store’s verification mode', () => {
  let network: ReturnType<typeof stubFetch> | undefined;
  afterEach(async () => {
    network?.restore();
    await act(() => i18n.changeLanguage('en'));
  });

  const open = async (path: string, Page: () => ReactElement, verification: 'hub' | 'none') => {
    resetStore();
    network?.restore();
    network = stubFetch((request) => (request.url.startsWith('/api/brands/details') ? { body: { customerID: 1, verification } } : undefined));
    const view = renderWithProviders(<></>, { route: path, path: '/never', routes: [{ path, loader: infoPageLoader, element: <Page /> }] });
    await screen.findByRole('heading', { level: 1 });
    return view;
  };

  it.each(['en', 'pt', 'es'] as const)('with VERIFICATION_MODE=none no word of the about page, the FAQs or the terms says a piece is checked (%s)', async (language) => {
    await act(() => ensureLanguage(language).then(() => i18n.changeLanguage(language)));
    for (const [path, Page] of [['/about', AboutPage], ['/faqs', FaqsPage], ['/terms-and-conditions', TermsPage]] as const) {
      const { container, unmount } = await open(path, Page, 'none');
      expect(document.querySelector('article')?.textContent?.length).toBeGreaterThan(500);
      const claims = [...container.querySelectorAll('p, h1, h2, summary')].map((element) => checkClaim(element.textContent ?? '')).filter(Boolean);
      expect([path, claims]).toEqual([path, []]);
      unmount();
    }
  });

  it('with VERIFICATION_MODE=hub the terms say each piece sold is checked, and the about page that it goes by way of the hub', async () => {
    const terms = await open('/terms-and-conditions', TermsPage, 'hub');
    expect(screen.getByText(/^We check each piece sold against its listing \(the verification fee pays for it\)/)).toBeInTheDocument();
    terms.unmount();
    await open('/about', AboutPage, 'hub');
    expect(screen.getByText(/they send it to our hub with a prepaid label we provide; we check it against its listing there/)).toBeInTheDocument();
  });
});
