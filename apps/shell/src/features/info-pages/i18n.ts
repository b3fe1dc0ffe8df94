import { addTranslations } from '@preloved/shared';
import en from './content.en';
import pt from './content.pt';

addTranslations('info', { en, pt });
