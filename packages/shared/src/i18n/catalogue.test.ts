import { BRAND_DIRECT_MESSAGES, ERROR_CODES, ERROR_MESSAGES, TAX_MESSAGES, TEAM_MESSAGES, TRADE_IN_MESSAGES, TRADER_MESSAGES } from '@preloved/contract';
import { catalogueLeaves, portugueseGaps, spanishGaps } from '../test-utils/catalogues';
import common from './common.en';
import es from './common.es';
import pt from './common.pt';
import { validation } from './errors.en';

const en = { ...common, validation };

// Every shared sentence (validation, errors, the catalogue's words) has its Portuguese and its Spanish.
describe('the shared catalogue', () => {
  it('has a Portuguese sentence for every English one', () => {
    expect(portugueseGaps(en, pt)).toEqual([]);
  });

  it('translates every error code the API can answer, in English and in Portuguese', () => {
    // ERROR_CODES is the one list the API's refusals are typed by (apps/api/src/core/errors.ts).
    const untranslated = (catalogue: { validation: Record<string, string> }) => ERROR_CODES.filter((code) => !catalogue.validation[code]?.trim());
    // The pages' English catalogue leaves out the codes only the brand's team meets (the back office's,
    // the operators' and machines' calls); the Portuguese, loaded on demand, has them all.
    expect(untranslated(en)).toEqual([...Object.keys(TEAM_MESSAGES), ...Object.keys(TRADER_MESSAGES), ...Object.keys(TAX_MESSAGES), ...Object.keys(TRADE_IN_MESSAGES), ...Object.keys(BRAND_DIRECT_MESSAGES)]);
    expect(untranslated(pt)).toEqual([]);
    for (const code of ERROR_CODES) {
      const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
      expect([code, placeholders(pt.validation[code])]).toEqual([code, placeholders(ERROR_MESSAGES[code])]);
    }
  });

  it('names every colour and condition of the catalogue in Portuguese', () => {
    const portuguese = new Map(catalogueLeaves(pt));
    for (const [key, english] of catalogueLeaves(en).filter(([key]) => /^catalogue\.(colours|conditions)\./.test(key))) {
      expect([key, portuguese.get(key)]).not.toEqual([key, english]);
    }
  });

  it('has a Spanish sentence for every English one, and every error code in Spanish', () => {
    expect(spanishGaps(en, es)).toEqual([]);
    expect(spanishGaps({ a: 'Hi {{name}}', b: 'Bag' }, { a: 'Hola' })).toEqual(['a: placeholders {} instead of {name}', 'b: no Spanish']);
    expect(ERROR_CODES.filter((code) => !es.validation[code]?.trim())).toEqual([]);
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    for (const code of ERROR_CODES) expect([code, placeholders(es.validation[code])]).toEqual([code, placeholders(ERROR_MESSAGES[code])]);
  });

  it('names every colour and condition of the catalogue in Spanish', () => {
    const spanish = new Map(catalogueLeaves(es));
    for (const [key, english] of catalogueLeaves(en).filter(([key]) => /^catalogue\.(colours|conditions)\./.test(key))) {
      // "Camel" is Spain's word for the colour too.
      if (english !== 'Camel') expect([key, spanish.get(key)]).not.toEqual([key, english]);
    }
  });

  it('finds a missing or empty sentence and a dropped placeholder', () => {
    expect(portugueseGaps({ a: 'Hi {{name}}', b: { c: 'Bag' }, d: 'Yes' }, { a: 'Olá', b: { c: '' } })).toEqual([
      'a: placeholders {} instead of {name}',
      'b.c: no Portuguese',
      'd: no Portuguese',
    ]);
  });
});
