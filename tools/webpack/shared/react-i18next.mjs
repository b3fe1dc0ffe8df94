// What the apps use of react-i18next, and nothing else: the shared singleton `react-i18next` is
// provided from this module (tools/webpack/index.cjs), because a shared module is never tree-shaken
// and the package's index also brings Trans, IcuTrans, withTranslation, withSSR and the HTML parser
// Trans needs (~6 KB gzip in the first load). An app that needs one of those adds it here.
export { useTranslation } from 'react-i18next-es/useTranslation.js';
export { I18nextProvider } from 'react-i18next-es/I18nextProvider.js';
export { initReactI18next } from 'react-i18next-es/initReactI18next.js';
