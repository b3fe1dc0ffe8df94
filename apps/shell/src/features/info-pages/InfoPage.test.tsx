import { i18n } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import en, { type InfoText } from './content.en';
import pt from './content.pt';
import { AboutPage, FaqsPage, HowReviewsWorkPage, HowSearchWorksPage, PrivacyPolicyPage, ShippingPage, TermsPage } from './index';

const pages: [string, () => ReactElement, string, string][] = [
  ['/about', AboutPage, 'About Preloved', 'Sobre a Preloved'],
  ['/faqs', FaqsPage, 'Frequently asked questions', 'Perguntas frequentes'],
  ['/shipping', ShippingPage, 'Shipping and delivery', 'Envio e entrega'],
  ['/terms-and-conditions', TermsPage, 'Terms and conditions', 'Termos e condições'],
  ['/privacy-policy', PrivacyPolicyPage, 'Privacy policy', 'Política de privacidade'],
  ['/how-search-works', HowSearchWorksPage, 'How search results are ranked', 'Como ordenamos os resultados de pesquisa'],
  ['/how-reviews-work', HowReviewsWorkPage, 'How reviews work', 'Como funcionam as avaliações'],
];

/** The anchors of a page, which links rely on in both languages. */
const anchors = (text: InfoText) => [
  ...(text.sections ?? []).map((section) => section.id),
  ...(text.topics ?? []).flatMap((topic) => [topic.id, ...topic.questions.map((question) => question.id)]),
];

describe('information pages', () => {
  beforeEach(() => resetStore());

  it.each(pages)('%s shows its title as the page heading and in the document title', (route, Page, title) => {
    renderWithProviders(<Page />, { route });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(document.title).toBe(`${title} — Preloved`);
  });

  it('gives every section a second-level heading', () => {
    renderWithProviders(<ShippingPage />, { route: '/shipping' });
    expect(screen.getByRole('heading', { level: 2, name: 'If the seller does not ship in time' })).toBeInTheDocument();
    expect(screen.getByText(/within 5 business days of the sale, the order is cancelled/)).toBeInTheDocument();
  });

  it('dates the legal pages', () => {
    renderWithProviders(<TermsPage />, { route: '/terms-and-conditions' });
    expect(screen.getByText('Last updated: 1 November 2026')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '11. Governing law and disputes' })).toBeInTheDocument();
  });

  it('lists the FAQs as questions that open in place', async () => {
    const { container } = renderWithProviders(<FaqsPage />, { route: '/faqs' });
    expect(container.querySelectorAll('details').length).toBeGreaterThanOrEqual(8);
    const offers = screen.getByText('How do offers work?').closest('details');
    expect(offers).not.toHaveAttribute('open');
    await userEvent.click(screen.getByText('How do offers work?'));
    expect(offers).toHaveAttribute('open');
    expect(screen.getByText(/The seller has 48 hours to accept or decline/)).toBeVisible();
  });

  it('opens the question a link points at (the size guide is /faqs#sizes)', () => {
    renderWithProviders(<FaqsPage />, { route: '/faqs#sizes' });
    expect(screen.getByText('How do the sizes fit?').closest('details')).toHaveAttribute('open');
    expect(screen.getByText('How do offers work?').closest('details')).not.toHaveAttribute('open');
  });

  it('gives back the previous document title when the page goes away', () => {
    document.title = 'Preloved — second-hand fashion';
    const { unmount } = renderWithProviders(<AboutPage />, { route: '/about' });
    expect(document.title).toBe('About Preloved — Preloved');
    unmount();
    expect(document.title).toBe('Preloved — second-hand fashion');
  });

  it('keeps the same anchors in English and Portuguese', () => {
    for (const key of Object.keys(en.pages) as (keyof typeof en.pages)[]) {
      expect(anchors(pt.pages[key])).toEqual(anchors(en.pages[key]));
    }
  });

  describe('in Portuguese', () => {
    beforeEach(async () => {
      await i18n.changeLanguage('pt');
    });
    afterEach(async () => {
      // Unmount first, so switching back does not re-render a page outside act().
      cleanup();
      await i18n.changeLanguage('en');
    });

    it.each(pages)('%s shows its Portuguese title', (route, Page, _title, ptTitle) => {
      renderWithProviders(<Page />, { route });
      expect(screen.getByRole('heading', { level: 1, name: ptTitle })).toBeInTheDocument();
      expect(document.title).toBe(`${ptTitle} — Preloved`);
    });

    it('shows the Portuguese texts', () => {
      renderWithProviders(<FaqsPage />, { route: '/faqs' });
      expect(screen.getByRole('heading', { level: 2, name: 'Carteira e pagamentos' })).toBeInTheDocument();
      expect(screen.getByText('Como funcionam as ofertas?')).toBeInTheDocument();
      expect(screen.queryByText('How do offers work?')).not.toBeInTheDocument();
    });

    it('dates the privacy policy in Portuguese', () => {
      renderWithProviders(<PrivacyPolicyPage />, { route: '/privacy-policy' });
      expect(screen.getByText('Última atualização: 1 de novembro de 2026')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: '8. Cookies e armazenamento local' })).toBeInTheDocument();
    });
  });
});
