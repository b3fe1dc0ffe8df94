import type { Module } from '../module';
import privacy from './privacy';
import privacyRepository from './privacy-repository';
import privacyRoutes from './privacy-routes';

/** GDPR rights: download my data, delete my account (issue 46); what each table's rows become: privacy-rules.ts. */
export default {
  name: 'privacy',
  services: [privacyRepository, privacy],
  routes: [privacyRoutes],
} satisfies Module;
