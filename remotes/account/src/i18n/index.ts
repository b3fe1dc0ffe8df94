import { addTranslations } from '@preloved/shared';
import en from './en';
import pt from './pt';

// Spanish comes with the language, in its own chunk (the shell awaits it when it loads this remote).
addTranslations('account', { en, pt, es: () => import('./es') });
