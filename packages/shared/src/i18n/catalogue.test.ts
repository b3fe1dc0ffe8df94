import { catalogueLeaves, portugueseGaps } from '../test-utils/catalogues';
import en from './common.en';
import pt from './common.pt';

// Every shared sentence (validation, errors, the catalogue's words) has its Portuguese (issue 26).
describe('the shared catalogue', () => {
  it('has a Portuguese sentence for every English one', () => {
    expect(portugueseGaps(en, pt)).toEqual([]);
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
