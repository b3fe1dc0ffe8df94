// The figures section's sentences, in English and Portuguese (composed into ../../i18n).
export const texts = {
  en: {
    title: 'Figures',
  },
  pt: {
    title: 'Números',
  },
};
