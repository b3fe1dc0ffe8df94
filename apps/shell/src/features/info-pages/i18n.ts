import { addTranslations } from '@preloved/shared';
import en from './content.en';
import es from './content.es';
import pt from './content.pt';

addTranslations('info', { en, pt, es });
