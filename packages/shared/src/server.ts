// `@preloved/shared/server`: the router's server-rendering pieces, for the shell's server build only
// (the browser bundle never includes them). The same react-router module as the rest of
// @preloved/shared, so the server's router context is the one the remotes' pages read.
export { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
export type { StaticHandlerContext } from 'react-router';
export { configureServer } from './config';
