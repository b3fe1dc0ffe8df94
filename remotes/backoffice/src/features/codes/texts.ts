// The codes section's sentences, in English and Portuguese (composed into ../../i18n).
export const texts = {
  en: {
    title: 'Discount codes',
  },
  pt: {
    title: 'Códigos de desconto',
  },
};
