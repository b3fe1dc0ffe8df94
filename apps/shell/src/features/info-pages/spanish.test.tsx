import { i18n } from '@preloved/shared';
import { renderWithProviders, resetStore, spanishGaps } from '@preloved/shared/test-utils';
import { cleanup, screen } from '@testing-library/react';
import en, { type InfoText } from './content.en';
import es from './content.es';
import { AboutPage, FaqsPage, PrivacyPolicyPage, ShippingPage, TermsPage } from './index';

/** The anchors of a page, which links rely on in every language. */
const anchors = (text: InfoText) => [
  ...(text.sections ?? []).map((section) => section.id),
  ...(text.topics ?? []).flatMap((topic) => [topic.id, ...topic.questions.map((question) => question.id)]),
];

describe('information pages in Spanish', () => {
  beforeEach(async () => {
    resetStore();
    await i18n.changeLanguage('es');
  });
  afterEach(async () => {
    // Unmount first, so switching back does not re-render a page outside act().
    cleanup();
    await i18n.changeLanguage('en');
  });

  it('has every paragraph of the English pages in Spanish, with the same anchors', () => {
    expect(spanishGaps(en, es)).toEqual([]);
    for (const key of Object.keys(en.pages) as (keyof typeof en.pages)[]) {
      expect(anchors(es.pages[key])).toEqual(anchors(en.pages[key]));
    }
  });

  it.each([
    ['/about', AboutPage, 'Sobre Preloved'],
    ['/faqs', FaqsPage, 'Preguntas frecuentes'],
    ['/shipping', ShippingPage, 'Envío y entrega'],
    ['/terms-and-conditions', TermsPage, 'Términos y condiciones'],
    ['/privacy-policy', PrivacyPolicyPage, 'Política de privacidad'],
  ])('%s shows its Spanish title as the heading and in the document title', (route, Page, title) => {
    renderWithProviders(<Page />, { route });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(document.title).toBe(`${title} — Preloved`);
  });

  it('shows the Spanish texts, not the English ones', () => {
    renderWithProviders(<FaqsPage />, { route: '/faqs' });
    expect(screen.getByRole('heading', { level: 2, name: 'Monedero y pagos' })).toBeInTheDocument();
    expect(screen.getByText('¿Cómo funcionan las ofertas?')).toBeInTheDocument();
    expect(screen.queryByText('How do offers work?')).not.toBeInTheDocument();
  });
});
