// The audit section's sentences, in English and Portuguese (composed into ../../i18n).
export const texts = {
  en: {
    title: 'Audit log',
  },
  pt: {
    title: 'Registo de auditoria',
  },
};
