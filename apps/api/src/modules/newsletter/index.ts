import type { Module } from '../module';
import newsletter from './newsletter';
import newsletterRepository from './newsletter-repository';

/** The newsletter sign-up (its route is the platform's). */
export default { name: 'newsletter', services: [newsletterRepository, newsletter] } satisfies Module;
