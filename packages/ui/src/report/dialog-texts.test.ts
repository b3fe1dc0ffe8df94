import { portugueseGaps } from '@preloved/shared/test-utils';
import { dialogTexts } from './dialog-texts';

it('has a Portuguese sentence for every English one of the report dialog (its own namespace, loaded with it)', () => {
  expect(portugueseGaps(dialogTexts.en, dialogTexts.pt)).toEqual([]);
});
