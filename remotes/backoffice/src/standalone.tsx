import { Navigate, Outlet } from '@preloved/shared/router';
import { mountStandalone } from '@preloved/shared/standalone';
import { pages } from './exposes/BackofficePages';

// The console on its own, against the API: for working on this remote alone. The paths are the
// shell's (apps/shell/src/routes/table.tsx), under the console's frame.
const child = (path: string, key: keyof typeof pages) => ({ path, Component: pages[key]!.Component });

mountStandalone('backoffice', Outlet, [
  { index: true, element: <Navigate to="/backoffice" replace /> },
  {
    path: 'backoffice',
    Component: pages.frame!.Component,
    children: [
      { index: true, Component: pages.home!.Component },
      child('sign-in', 'sign-in'),
      child('invitation/:token', 'invitation'),
      child('disputes', 'disputes'),
      child('disputes/:orderId', 'dispute'),
      child('moderation', 'moderation'),
      child('payouts', 'payouts'),
      child('codes', 'codes'),
      child('customers', 'customers'),
      child('customers/:customerId', 'customer'),
      child('figures', 'figures'),
      child('audit', 'audit'),
      child('staff', 'staff'),
      child('settings', 'settings'),
    ],
  },
]);
