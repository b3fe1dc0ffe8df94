import type { Module } from '../module';
import traderRoutes from './trader-routes';
import tradersRepository from './traders-repository';

/** Sellers' trader declarations (DSA Art. 30/31): private persons and businesses with their public details. */
export default { name: 'traders', services: [tradersRepository], routes: [traderRoutes] } satisfies Module;
