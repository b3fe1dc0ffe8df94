import type { Module } from '../module';
import carrierLabels from './carrier-labels';
import carriers from './carriers';
import pickupPointRoutes from './pickup-point-routes';
import sendcloudWebhookRoutes from './sendcloud-webhook-routes';

/** Carriers: delivery options, pickup points, labels and tracking (test carrier or Sendcloud). */
export default {
  name: 'shipping',
  services: [carriers, carrierLabels],
  routes: [pickupPointRoutes, sendcloudWebhookRoutes],
} satisfies Module;
