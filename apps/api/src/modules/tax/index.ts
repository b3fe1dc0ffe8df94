import type { Module } from '../module';
import taxRepository from './tax-repository';
import taxRoutes from './tax-routes';
import taxService from './tax-service';

/** Sellers' DAC7 tax data (thresholds, sealed storage, payouts paused without it) and the yearly report. */
export default { name: 'tax', services: [taxRepository, taxService], routes: [taxRoutes] } satisfies Module;
