import { i18n } from './index';

// Issue 43: "0 artigo" on a Portuguese phone. The store's Portuguese is Portugal's: 0 is plural.
describe('Portuguese plurals', () => {
  beforeAll(() => {
    i18n.addResourceBundle('pt', 'plural-test', { pieces_one: '{{count}} artigo', pieces_other: '{{count}} artigos' }, true, true);
    i18n.addResourceBundle('en', 'plural-test', { pieces_one: '{{count}} item', pieces_other: '{{count}} items' }, true, true);
  });

  it('says "0 artigos", "1 artigo", "2 artigos" (European Portuguese), and English as before', () => {
    const pt = i18n.getFixedT('pt', 'plural-test');
    expect([0, 1, 2].map((count) => pt('pieces', { count }))).toEqual(['0 artigos', '1 artigo', '2 artigos']);
    const en = i18n.getFixedT('en', 'plural-test');
    expect([0, 1, 2].map((count) => en('pieces', { count }))).toEqual(['0 items', '1 item', '2 items']);
  });
});

// Spain's Spanish: 0 is plural too ("0 artículos"), 1 singular.
describe('Spanish plurals', () => {
  beforeAll(() => {
    i18n.addResourceBundle('es', 'plural-test', { pieces_one: '{{count}} artículo', pieces_other: '{{count}} artículos' }, true, true);
  });

  it('says "0 artículos", "1 artículo", "2 artículos"', () => {
    const es = i18n.getFixedT('es', 'plural-test');
    expect([0, 1, 2].map((count) => es('pieces', { count }))).toEqual(['0 artículos', '1 artículo', '2 artículos']);
  });
});
