import type { Module } from '../module';
import addressBook from './address-book';
import addressRoutes from './address-routes';
import addressesRepository from './addresses-repository';

/** The customer's address book. */
export default { name: 'addresses', services: [addressesRepository, addressBook], routes: [addressRoutes] } satisfies Module;
