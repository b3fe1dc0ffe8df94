import type { Module } from '../module';
import bagRepository from './bag-repository';
import bagService from './bag-service';
import cartRoutes from './cart-routes';
import wishlistRepository from './wishlist-repository';
import wishlistRoutes from './wishlist-routes';

/** The bag (signed in or a visitor's) and the wishlist. */
export default {
  name: 'bag',
  services: [bagRepository, wishlistRepository, bagService],
  routes: [cartRoutes, wishlistRoutes],
} satisfies Module;
