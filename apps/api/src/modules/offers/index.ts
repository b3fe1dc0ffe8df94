import type { Module } from '../module';
import offerRoutes from './offer-routes';
import offersRepository from './offers-repository';
import offersService from './offers-service';

/** Offers and counter-offers between a buyer and a seller. */
export default { name: 'offers', services: [offersRepository, offersService], routes: [offerRoutes] } satisfies Module;
