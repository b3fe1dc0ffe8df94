import { type PageKeyOf } from '@preloved/shared';
import { Navigate, type RouteObject } from '@preloved/shared/router';
import { AppError } from '../features/errors/AppError';
import { UserFrame } from '../features/user-frame/UserFrame';
import { remoteRoute } from '../federation/remote-route';
import { PageRoot } from '../layout/PageRoot';
import type { RedirectHandle } from './server-rendered';

const catalog = (key: PageKeyOf<'catalog', 'CatalogPages'>) =>
  remoteRoute('catalog', 'CatalogPages', key);
const search = (key: PageKeyOf<'search', 'SearchPages'>) =>
  remoteRoute('search', 'SearchPages', key);
const bag = (key: PageKeyOf<'bag-checkout', 'CheckoutPages'>) =>
  remoteRoute('bag-checkout', 'CheckoutPages', key);
const account = (key: PageKeyOf<'account', 'AccountPages'>) =>
  remoteRoute('account', 'AccountPages', key);
const seller = (key: PageKeyOf<'seller', 'SellerPages'>) =>
  remoteRoute('seller', 'SellerPages', key);
const backoffice = (key: PageKeyOf<'backoffice', 'BackofficePages'>) =>
  remoteRoute('backoffice', 'BackofficePages', key);

type InfoPages = typeof import('../features/info-pages');
/**
 * The information pages are long texts: loaded with their route, not with the home page. Their loader
 * reads the brand's verification mode (issue 48): only a store that checks pieces says so.
 */
const info = (name: Exclude<keyof InfoPages, 'infoPageLoader'>) => ({
  lazy: async () => {
    const pages = await import('../features/info-pages');
    return { Component: pages[name], loader: pages.infoPageLoader };
  },
});

/**
 * A route that leads home: the browser navigates, the server answers the redirect (server-rendered.ts).
 * The old paths are gone for good (301); a path the table does not know may be a page tomorrow (302).
 */
const toHome = (permanent: boolean) => ({
  element: <Navigate to="/" replace />,
  handle: { redirect: { to: '/', permanent } } satisfies RedirectHandle,
});

/** Old and marketing paths that lead home (spec §2). */
export const REDIRECTS_TO_HOME = [
  '/shop-pre-loved',
  '/shop-beautiful-losers',
  '/shop',
  '/sell',
  '/beautiful-losers',
];

/**
 * The whole route table of spec §2. Each path maps to exactly one page: the shell's own, or one
 * remote's (by page key). The /user frame belongs to the shell; its pages come from account and seller.
 * Routes the spec leaves unnamed: /user/security, /user/addresses, /user/wishlist.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <PageRoot />,
    errorElement: <AppError />,
    children: [
      { index: true, ...catalog('home') },
      { path: 'all', ...catalog('all') },
      { path: 'women', ...catalog('women') },
      { path: 'men', ...catalog('men') },
      { path: 'clothing', ...catalog('clothing') },
      { path: 'accessories', ...catalog('accessories') },
      { path: 'product/:productId', ...catalog('product') },
      { path: 'vendor/:vendorId', ...catalog('vendor') },
      { path: 'search', ...search('search') },
      { path: 'checkout', ...bag('checkout') },
      { path: 'review', ...bag('review') },
      { path: 'payment', ...bag('payment') },
      { path: 'payment-sucess', ...bag('payment-result') },
      { path: 'review-order/:orderId', ...bag('review-order') },
      { path: 'about', ...info('AboutPage') },
      { path: 'privacy-policy', ...info('PrivacyPolicyPage') },
      { path: 'terms-and-conditions', ...info('TermsPage') },
      { path: 'shipping', ...info('ShippingPage') },
      { path: 'faqs', ...info('FaqsPage') },
      { path: 'how-search-works', ...info('HowSearchWorksPage') },
      { path: 'how-reviews-work', ...info('HowReviewsWorkPage') },
      {
        path: 'reset-password/:resetId',
        lazy: async () => {
          const { ResetPasswordPage, resetPasswordLoader } =
            await import('../features/reset-password');
          return { Component: ResetPasswordPage, loader: resetPasswordLoader };
        },
      },
      {
        path: 'verify-email/:token',
        lazy: async () => ({ Component: (await import('../features/verify-email')).VerifyEmailPage }),
      },
      {
        path: 'user',
        element: <UserFrame />,
        children: [
          { index: true, ...account('details') },
          { path: 'security', ...account('security') },
          { path: 'addresses', ...account('addresses') },
          { path: 'wishlist', ...account('wishlist') },
          { path: 'saved-searches', ...account('saved-searches') },
          { path: 'offers', ...account('offers') },
          { path: 'orders', ...account('orders') },
          { path: 'orders/:orderId', ...account('order') },
          { path: 'sales', ...account('sales') },
          { path: 'listings', ...seller('listings') },
          { path: 'listings/:listingId', ...seller('listing') },
          { path: 'wallet', ...account('wallet') },
          { path: 'trade-ins', ...account('trade-ins') },
          { path: 'notifications', ...account('notifications') },
          { path: 'messages', ...account('messages') },
          { path: 'messages/:threadId', ...account('thread') },
          { path: 'contest/:token', ...account('contest') },
          { path: 'privacy', ...account('privacy') },
          { path: 'onboarding', ...seller('onboarding') },
          { path: 'tax-data', ...seller('tax-data') },
          { path: 'submit-item-2hand', ...seller('submit-item') },
          { path: 'submit-item-2hand/:listingId', ...seller('submit-item') },
          { path: '*', ...toHome(false) },
        ],
      },
      {
        // The brand's back office (issue 45): staff only, rendered by the browser alone, in a frame of
        // its own (no shopper header or footer: layout/Frame.tsx). Its code is loaded by these routes
        // only, so no shopper's page carries it.
        path: 'backoffice',
        ...backoffice('frame'),
        children: [
          { index: true, ...backoffice('home') },
          { path: 'sign-in', ...backoffice('sign-in') },
          { path: 'invitation/:token', ...backoffice('invitation') },
          { path: 'disputes', ...backoffice('disputes') },
          { path: 'disputes/:orderId', ...backoffice('dispute') },
          { path: 'verification', ...backoffice('verification') },
          { path: 'verification/:packageId', ...backoffice('parcel') },
          { path: 'moderation', ...backoffice('moderation') },
          { path: 'payouts', ...backoffice('payouts') },
          { path: 'codes', ...backoffice('codes') },
          { path: 'customers', ...backoffice('customers') },
          { path: 'customers/:customerId', ...backoffice('customer') },
          { path: 'figures', ...backoffice('figures') },
          { path: 'audit', ...backoffice('audit') },
          { path: 'staff', ...backoffice('staff') },
          { path: 'settings', ...backoffice('settings') },
          { path: 'brand-stock', ...backoffice('brand-stock') },
          { path: 'trade-ins', ...backoffice('trade-ins') },
          { path: '*', element: <Navigate to="/backoffice" replace /> },
        ],
      },
      ...REDIRECTS_TO_HOME.map((path) => ({ path, ...toHome(true) })),
      { path: '*', ...toHome(false) },
    ],
  },
];
