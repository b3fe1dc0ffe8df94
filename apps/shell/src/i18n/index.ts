import { addTranslations } from '@preloved/shared';
import en from './en';

// Portuguese comes with the language (ensureLanguage), in its own chunk: not in an English first load.
addTranslations('shell', { en, pt: () => import('./pt') });
