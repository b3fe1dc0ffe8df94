import { Navigate } from '@preloved/shared/router';
import { mountStandalone, pageRoutes } from '@preloved/shared/standalone';
import { SignedInStandaloneFrame } from '@preloved/ui/standalone';
import { pages } from './exposes/AccountPages';

// The account's pages in the signed-in standalone frame, against the API: for working on this
// remote alone. `@preloved/ui/standalone` is outside the shared package's entry, so production
// bundles never carry it.
const paths: Record<string, string> = {
  details: '/user',
  security: '/user/security',
  wishlist: '/user/wishlist',
  wallet: '/user/wallet',
  notifications: '/user/notifications',
};
const links = Object.entries(paths).map(([key, to]) => ({ to, label: `${key}.title` }));

function Frame() {
  return <SignedInStandaloneFrame namespace="account" links={links} />;
}

mountStandalone('account', Frame, [{ index: true, element: <Navigate to="/user" replace /> }, ...pageRoutes(pages, paths)]);
