import type { Module } from '../module';
import mainShopStandIn from './main-shop-stand-in-routes';
import mainStoreRoutes from './main-store-routes';
import wallet from './wallet';
import walletRoutes from './wallet-routes';

/** The wallet: credit, its ledger, discount codes for the brand's main shop. */
export default {
  name: 'wallet',
  services: [wallet],
  routes: [walletRoutes, mainStoreRoutes],
  rootRoutes: [mainShopStandIn],
} satisfies Module;
