import { itTranslatesEverySentence } from '@preloved/shared/test-utils';
import en from './en';
import es from './es';
import pt from './pt';

// Every sentence this app shows in English has its Portuguese and its Spanish, with the same placeholders.
itTranslatesEverySentence({ en, pt, es });
