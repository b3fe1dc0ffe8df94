import type { Module } from '../module';
import alertsRepository from './alerts-repository';
import alertsService from './alerts-service';
import savedSearchRoutes from './saved-search-routes';

/** Saved searches and their alerts, price drops. */
export default { name: 'alerts', services: [alertsRepository, alertsService], routes: [savedSearchRoutes] } satisfies Module;
