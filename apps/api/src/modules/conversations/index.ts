import type { Module } from '../module';
import conversationEvents from './conversation-events';
import conversationRoutes from './conversation-routes';
import conversationsService from './conversations-service';

/** Buyer–seller conversations: "Ask the seller", the inbox, threads and their messages. */
export default { name: 'conversations', services: [conversationEvents, conversationsService], routes: [conversationRoutes] } satisfies Module;
