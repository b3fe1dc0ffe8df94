// The customers section's sentences, in English and Portuguese (composed into ../../i18n).
export const texts = {
  en: {
    title: 'Customers',
  },
  pt: {
    title: 'Clientes',
  },
};
