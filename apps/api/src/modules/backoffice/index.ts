import type { Module } from '../module';
import backofficeRoutes from './backoffice-routes';
import codesService from './codes-service';
import customerRecordsService from './customer-records-service';
import disputesService from './disputes-service';
import figuresService from './figures-service';
import moderationService from './moderation-service';
import moneyService from './money-service';
import staffService from './staff-service';
import hubBench from './verification-service';

/** The brand's back office: staff with roles, signed in with a password and a TOTP code, and the audit log of what they do. */
export default { name: 'backoffice', services: [staffService, disputesService, codesService, moneyService, moderationService, customerRecordsService, figuresService, hubBench], routes: [backofficeRoutes] } satisfies Module;
