import addresses from './addresses';
import alerts from './alerts';
import backoffice from './backoffice';
import brandDirect from './brand-direct';
import bag from './bag';
import bundles from './bundles';
import catalog from './catalog';
import checkout from './checkout';
import conversations from './conversations';
import identity from './identity';
import type { Module } from './module';
import newsletter from './newsletter';
import notifications from './notifications';
import offers from './offers';
import orders from './orders';
import payments from './payments';
import payouts from './payouts';
import platform from './platform';
import privacy from './privacy';
import reports from './reports';
import reviews from './reviews';
import selling from './selling';
import shipping from './shipping';
import storefront from './storefront';
import tax from './tax';
import tradeIn from './trade-in';
import traders from './traders';
import wallet from './wallet';

/** Every capability of the store, one folder each; the storefront's pages come last (its catch-all). */
export const modules: Module[] = [
  platform,
  catalog,
  reviews,
  traders,
  identity,
  addresses,
  bag,
  bundles,
  offers,
  notifications,
  selling,
  shipping,
  wallet,
  payouts,
  tax,
  payments,
  orders,
  checkout,
  alerts,
  conversations,
  tradeIn,
  brandDirect,
  newsletter,
  backoffice,
  reports,
  privacy,
  storefront,
];
