// The report buttons' words (notice and action), in English and Portuguese (composed into ../../i18n); the
// product and the vendor pages both show them, so they live in components/. The dialog's own words load
// with the dialog (@preloved/ui's report/dialog-texts.ts), so the pages' first load carries only these.
// Their Spanish is in ../../i18n/es.ts, which comes with the language.
export const texts = {
  en: {
    listing: 'Report this listing',
    seller: 'Report this seller',
  },
  pt: {
    listing: 'Denunciar este anúncio',
    seller: 'Denunciar este vendedor',
  },
};
