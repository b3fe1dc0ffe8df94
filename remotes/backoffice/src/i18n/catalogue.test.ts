import { TEAM_MESSAGES } from '@preloved/contract';
import { i18n } from '@preloved/shared';
import { portugueseGaps } from '@preloved/shared/test-utils';
import en from './en';
import pt from './pt';
import './index';

// Every sentence the console shows in English has its Portuguese, with the same placeholders.
it('has a Portuguese sentence for every English one', () => {
  expect(portugueseGaps(en, pt)).toEqual([]);
});

it('translates the refusals only the brand’s team meets, in English', () => {
  for (const [code, sentence] of Object.entries(TEAM_MESSAGES)) {
    expect(i18n.t(`validation.${code}`, { ns: 'common', lng: 'en' })).toBe(sentence);
  }
});
