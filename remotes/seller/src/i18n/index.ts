import { TAX_MESSAGES, TRADER_MESSAGES } from '@preloved/contract';
import { addTranslations, i18n } from '@preloved/shared';
import en from './en';
import pt from './pt';

// Spanish comes with the language, in its own chunk (the shell awaits it when it loads this remote).
addTranslations('seller', { en, pt, es: () => import('./es') });
// The trader declaration's field keys are not in the shoppers' English catalogue (their pages do not
// meet them); onboarding adds their English here. Their Portuguese is in the shared catalogue.
i18n.addResourceBundle('en', 'common', { validation: TRADER_MESSAGES }, true, false);
// The same for the DAC7 tax data's field keys (/user/tax-data).
i18n.addResourceBundle('en', 'common', { validation: TAX_MESSAGES }, true, false);
