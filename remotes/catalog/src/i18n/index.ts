import { addTranslations } from '@preloved/shared';
import en from './en';

// Portuguese and Spanish come with the language, each in its own chunk (the shell awaits it when it
// loads this remote): this remote is in the home page's first load, whose budget an English visit
// would otherwise spend on both (tools/e2e/page-budget.e2e.ts).
addTranslations('catalog', { en, pt: () => import('./pt'), es: () => import('./es') });
