import { addTranslations } from '@preloved/shared';
import en from './en';
import pt from './pt';

addTranslations('seller', { en, pt });
