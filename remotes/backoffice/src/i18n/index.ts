import { TEAM_MESSAGES } from '@preloved/contract';
import { addTranslations, i18n } from '@preloved/shared';
import en from './en';
import pt from './pt';

addTranslations('backoffice', { en, pt });
// The refusals only the brand's team meets are not in the shoppers' English catalogue (their pages do
// not carry them); the console adds their English here. Their Portuguese is in the shared catalogue.
i18n.addResourceBundle('en', 'common', { validation: TEAM_MESSAGES }, true, false);
