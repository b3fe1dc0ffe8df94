// The payouts section's sentences, in English and Portuguese (composed into ../../i18n).
export const texts = {
  en: {
    title: 'Payouts and money',
  },
  pt: {
    title: 'Pagamentos e dinheiro',
  },
};
