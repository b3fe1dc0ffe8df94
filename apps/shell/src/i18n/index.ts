import { addTranslations } from '@preloved/shared';
import en from './en';

// Portuguese and Spanish come with the language (ensureLanguage), each in its own chunk: not in an English first load.
addTranslations('shell', { en, pt: () => import('./pt'), es: () => import('./es') });
