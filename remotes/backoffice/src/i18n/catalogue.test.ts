import { BRAND_DIRECT_MESSAGES, TEAM_MESSAGES } from '@preloved/contract';
import { ensureLanguage, i18n } from '@preloved/shared';
import { itTranslatesEverySentence } from '@preloved/shared/test-utils';
import en from './en';
import es from './es';
import pt from './pt';
import './index';

// Every sentence the console shows in English has its Portuguese and its Spanish, with the same placeholders.
itTranslatesEverySentence({ en, pt, es });

it('translates the refusals only the brand’s team meets, in English', () => {
  for (const [code, sentence] of Object.entries(TEAM_MESSAGES)) {
    expect(i18n.t(`validation.${code}`, { ns: 'common', lng: 'en' })).toBe(sentence);
  }
});

it('has the team’s refusals in Spanish once the console switches to it (the shared catalogue’s)', async () => {
  await ensureLanguage('es');
  const untranslated = Object.entries({ ...TEAM_MESSAGES, ...BRAND_DIRECT_MESSAGES }).filter(([code, sentence]) => {
    const spanish = i18n.t(`validation.${code}`, { ns: 'common', lng: 'es', fallbackLng: false });
    return spanish === sentence || spanish === `validation.${code}`;
  });
  expect(untranslated).toEqual([]);
});
