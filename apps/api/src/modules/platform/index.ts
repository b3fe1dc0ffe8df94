import type { Module } from '../module';
import brandsRepository from './brands-repository';
import health from './health';
import platformRoutes from './platform-routes';

/** The store itself: health, the brand's details. */
export default { name: 'platform', services: [health, brandsRepository], routes: [platformRoutes] } satisfies Module;
