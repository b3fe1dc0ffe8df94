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

const en = {
  common: {
    loading: 'Loading…',
    loadFailed: 'This page could not be loaded.',
    retry: 'Try again',
    cancel: 'Cancel',
    save: 'Save',
    done: 'Done.',
    reason: 'Reason',
    reasonHint: 'Kept in the audit log with your name.',
    none: 'None',
    previous: 'Previous',
    next: 'Next',
    pageOf: 'Page {{page}} of {{pages}}',
    downloadCsv: 'Download CSV',
    chooseOne: 'Choose one.',
    yes: 'Yes',
    no: 'No',
  },
  frame: {
    brand: 'Preloved back office',
    documentTitle: 'Back office — Preloved',
    loading: 'Opening the back office…',
    member: '{{name}} · {{role}}',
    signOut: 'Sign out',
    sections: 'Back office sections',
    language: 'Language',
    languages: { en: 'English', pt: 'Português', es: 'Español' },
  },
  roles: { support: 'Support', moderator: 'Moderator', finance: 'Finance', admin: 'Admin' },
  signIn: {
    title: 'Sign in to the back office',
    intro: 'For the brand’s team. Use your e-mail, your password and the code your authenticator app shows now.',
    email: 'E-mail',
    password: 'Password',
    code: 'Authenticator code',
    codeHint: 'Six digits; a new code every 30 seconds.',
    submit: 'Sign in',
  },
  disputes: disputes.en,
  moderation: moderation.en,
  threads: threads.en,
  payouts: payouts.en,
  codes: codes.en,
  customers: customers.en,
  figures: figures.en,
  audit: audit.en,
  staff: staff.en,
  settings: settings.en,
  verification: verification.en,
  'brand-stock': brandStock.en,
  'trade-ins': tradeIns.en,
};

export default en;
