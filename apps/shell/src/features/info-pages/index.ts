// The shell's information pages. Importing this module registers their texts (namespace `info`).
import './i18n';

export { AboutPage, FaqsPage, HowReviewsWorkPage, HowSearchWorksPage, infoPageLoader, PrivacyPolicyPage, ShippingPage, TermsPage } from './InfoPage';
