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

const pt = {
  common: {
    loading: 'A carregar…',
    loadFailed: 'Não foi possível carregar esta página.',
    retry: 'Tentar de novo',
    cancel: 'Cancelar',
    save: 'Guardar',
    done: 'Feito.',
    reason: 'Motivo',
    reasonHint: 'Fica no registo de auditoria com o seu nome.',
    none: 'Nenhum',
    previous: 'Anterior',
    next: 'Seguinte',
    pageOf: 'Página {{page}} de {{pages}}',
    downloadCsv: 'Descarregar CSV',
    chooseOne: 'Escolha uma opção.',
    yes: 'Sim',
    no: 'Não',
  },
  frame: {
    brand: 'Backoffice Preloved',
    documentTitle: 'Backoffice — Preloved',
    loading: 'A abrir o backoffice…',
    member: '{{name}} · {{role}}',
    signOut: 'Terminar sessão',
    sections: 'Secções do backoffice',
    language: 'Idioma',
    languages: { en: 'English', pt: 'Português', es: 'Español' },
  },
  roles: { support: 'Apoio', moderator: 'Moderação', finance: 'Finanças', admin: 'Administração' },
  signIn: {
    title: 'Entrar no backoffice',
    intro: 'Para a equipa da marca. Use o seu e-mail, a sua palavra-passe e o código que a sua aplicação de autenticação mostra agora.',
    email: 'E-mail',
    password: 'Palavra-passe',
    code: 'Código de autenticação',
    codeHint: 'Seis algarismos; um código novo a cada 30 segundos.',
    submit: 'Entrar',
  },
  disputes: disputes.pt,
  moderation: moderation.pt,
  threads: threads.pt,
  payouts: payouts.pt,
  codes: codes.pt,
  customers: customers.pt,
  figures: figures.pt,
  audit: audit.pt,
  staff: staff.pt,
  settings: settings.pt,
  verification: verification.pt,
  'brand-stock': brandStock.pt,
  'trade-ins': tradeIns.pt,
};

export default pt;
