import { ERROR_CODES, ERROR_MESSAGES, TAX_MESSAGES, TEAM_MESSAGES, TRADER_MESSAGES } from '@preloved/contract';
import { catalogueLeaves, portugueseGaps } from '../test-utils/catalogues';
import common from './common.en';
import pt from './common.pt';
import { validation } from './errors.en';

const en = { ...common, validation };

// Every shared sentence (validation, errors, the catalogue's words) has its Portuguese.
describe('the shared catalogue', () => {
  it('has a Portuguese sentence for every English one', () => {
    expect(portugueseGaps(en, pt)).toEqual([]);
  });

  it('translates every error code the API can answer, in English and in Portuguese', () => {
    // ERROR_CODES is the one list the API's refusals are typed by (apps/api/src/core/errors.ts).
    const untranslated = (catalogue: { validation: Record<string, string> }) => ERROR_CODES.filter((code) => !catalogue.validation[code]?.trim());
    // The pages' English catalogue leaves out the codes only the brand's team meets (the back office's,
    // the operators' and machines' calls); the Portuguese, loaded on demand, has them all.
    expect(untranslated(en)).toEqual([...Object.keys(TEAM_MESSAGES), ...Object.keys(TRADER_MESSAGES), ...Object.keys(TAX_MESSAGES)]);
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

  it('finds a missing or empty sentence and a dropped placeholder', () => {
    expect(portugueseGaps({ a: 'Hi {{name}}', b: { c: 'Bag' }, d: 'Yes' }, { a: 'Olá', b: { c: '' } })).toEqual([
      'a: placeholders {} instead of {name}',
      'b.c: no Portuguese',
      'd: no Portuguese',
    ]);
  });
});
