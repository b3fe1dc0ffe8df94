import type { Module } from '../module';
import reportRoutes from './report-routes';
import reportsService from './reports-service';

/** Notice and action (DSA Art. 16, 17, 20): anyone's reports, the moderators' decisions with a statement of reasons, the sellers' contests. */
export default { name: 'reports', services: [reportsService], routes: [reportRoutes] } satisfies Module;
