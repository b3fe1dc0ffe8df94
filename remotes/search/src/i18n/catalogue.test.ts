import { portugueseGaps } from '@preloved/shared/test-utils';
import en from './en';
import pt from './pt';

// Every sentence this app shows in English has its Portuguese, with the same placeholders.
it('has a Portuguese sentence for every English one', () => {
  expect(portugueseGaps(en, pt)).toEqual([]);
});
