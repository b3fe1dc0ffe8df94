import { portugueseGaps, spanishGaps } from '@preloved/shared/test-utils';
import en from './en';
import es from './es';
import pt from './pt';

// Every sentence this app shows in English has its Portuguese, with the same placeholders.
it('has a Portuguese sentence for every English one', () => {
  expect(portugueseGaps(en, pt)).toEqual([]);
});

// And its Spanish (es-ES), loaded with the language.
it('has a Spanish sentence for every English one', () => {
  expect(spanishGaps(en, es)).toEqual([]);
});
