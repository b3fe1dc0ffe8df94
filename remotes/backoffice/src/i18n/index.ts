import { BRAND_DIRECT_MESSAGES, TEAM_MESSAGES } from '@preloved/contract';
import { addTranslations, i18n } from '@preloved/shared';
import en from './en';
import es from './es';
import pt from './pt';

// All three catalogues come with the console: it is loaded for the brand's staff only, never in a
// shopper's page (tools/e2e/page-budget.e2e.ts), so the shop's first-load budget does not pay for them.
addTranslations('backoffice', { en, pt, es });
// The refusals only the brand's team meets are not in the shoppers' English catalogue (their pages do
// not carry them); the console adds their English here. Their Portuguese and Spanish are in the shared catalogue.
i18n.addResourceBundle('en', 'common', { validation: { ...TEAM_MESSAGES, ...BRAND_DIRECT_MESSAGES } }, true, false);
