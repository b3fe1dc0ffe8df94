import { texts as disputes } from '../features/disputes/texts';
import { texts as moderation } from '../features/moderation/texts';
import { texts as threads } from '../lib/thread-texts';
import { texts as payouts } from '../features/payouts/texts';
import { texts as codes } from '../features/codes/texts';
import { texts as customers } from '../features/customers/texts';
import { texts as figures } from '../features/figures/texts';
import { texts as audit } from '../features/audit/texts';
import { texts as settings } from '../features/settings/texts';
import { texts as staff } from '../features/staff/texts';
import { texts as verification } from '../features/verification/texts';
import { texts as brandStock } from '../features/brand-stock/texts';
import { texts as tradeIns } from '../features/trade-in/texts';

// The console in Spanish of Spain (es-ES), the member addressed as «tú» as the store's Spanish does.
const es = {
  common: {
    loading: 'Cargando…',
    loadFailed: 'No se ha podido cargar esta página.',
    retry: 'Volver a intentarlo',
    cancel: 'Cancelar',
    save: 'Guardar',
    done: 'Hecho.',
    reason: 'Motivo',
    reasonHint: 'Queda en el registro de auditoría con tu nombre.',
    none: 'Ninguno',
    previous: 'Anterior',
    next: 'Siguiente',
    pageOf: 'Página {{page}} de {{pages}}',
    downloadCsv: 'Descargar CSV',
    chooseOne: 'Elige una opción.',
    yes: 'Sí',
    no: 'No',
  },
  frame: {
    brand: 'Back office de Preloved',
    documentTitle: 'Back office — Preloved',
    loading: 'Abriendo el back office…',
    member: '{{name}} · {{role}}',
    signOut: 'Cerrar sesión',
    sections: 'Secciones del back office',
    language: 'Idioma',
    languages: { en: 'English', pt: 'Português', es: 'Español' },
  },
  roles: { support: 'Atención al cliente', moderator: 'Moderación', finance: 'Finanzas', admin: 'Administración' },
  signIn: {
    title: 'Inicia sesión en el back office',
    intro: 'Para el equipo de la marca. Usa tu correo electrónico, tu contraseña y el código que muestra ahora tu aplicación de autenticación.',
    email: 'Correo electrónico',
    password: 'Contraseña',
    code: 'Código de autenticación',
    codeHint: 'Seis cifras; un código nuevo cada 30 segundos.',
    submit: 'Iniciar sesión',
  },
  disputes: disputes.es,
  moderation: moderation.es,
  threads: threads.es,
  payouts: payouts.es,
  codes: codes.es,
  customers: customers.es,
  figures: figures.es,
  audit: audit.es,
  staff: staff.es,
  settings: settings.es,
  verification: verification.es,
  'brand-stock': brandStock.es,
  'trade-ins': tradeIns.es,
};

export default es;
