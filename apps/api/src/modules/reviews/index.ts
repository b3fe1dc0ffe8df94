import type { Module } from '../module';
import reviewRoutes from './review-routes';
import reviewsRepository from './reviews-repository';

/** Buyers' reviews of sellers. */
export default { name: 'reviews', services: [reviewsRepository], routes: [reviewRoutes] } satisfies Module;
