import type { PageMeta } from '@preloved/contract';
import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';

// The public surface of every remote, declared once: which remote exposes which modules, and which
// page keys each pages module offers. The shell's route table, its slots and panels and each remote's
// src/exposes/* are all typed from this map, so a misspelt remote, expose or page key fails the
// typecheck instead of showing "coming soon" at run time.

/** What a page tells search engines and link previews: the host ↔ shell contract's (@preloved/contract). */
export type { PageMeta } from '@preloved/contract';

/** Translates with the page's language on the server (i18next's `t`, namespace prefixes allowed). */
export type MetaTranslate = (key: string, options?: Record<string, unknown>) => string;

/** A page a remote offers the shell's route table: its component and, optionally, its data loader. */
export interface RemotePage {
  Component: ComponentType;
  loader?: LoaderFunction;
  /** The page's title, description and structured data, from its loader's data, in the page's language. */
  meta?: (data: never, t: MetaTranslate, language: string) => PageMeta;
}

/**
 * `catalog/CatalogPages`, `account/AccountPages`, ...: pages by key; the shell owns the paths. A key
 * the remote does not offer yet is left out, and the shell shows "coming soon" for it.
 */
export interface RemotePagesModule<Key extends string = string> {
  pages: Partial<Record<Key, RemotePage>>;
}

/** A component slot the shell renders, e.g. `search/SearchBox` or `bag-checkout/BagPanel`. */
export interface RemoteComponentModule<Props extends object = Record<string, never>> {
  default: ComponentType<Props>;
}

/**
 * What `bag-checkout/BagWidget` and `bag-checkout/mountBagWidget` take from the page that embeds them
 * (the embedding contract: apps/main-shop/README.md).
 */
export interface BagWidgetOptions {
  /** Where the store is (e.g. `/pre-loved`): the widget links there for the bag and checkout. Default: this origin. */
  storeUrl?: string;
  /** A signed-in customer's token, when the main shop is on another origin and storage is not shared. */
  token?: string;
  /** 'en' (default), 'pt' or 'es'. */
  language?: string;
  /** The product API; default `${storeUrl}/api`. */
  apiBase?: string;
  /** Called with the count and total on mount and on every change (also a `preloved-bag-change` event). */
  onChange?: (bag: { count: number; total: number }) => void;
}

/** `bag-checkout/mountBagWidget`: the bag widget for a page without React (DESIGN.md §3). */
export interface MountBagWidgetModule {
  /** Renders the widget into `element`; the returned function unmounts it. */
  default: (element: HTMLElement, options?: BagWidgetOptions) => () => void;
  /** The CustomEvent the element receives on every change, with `detail: { count, total }`. */
  BAG_CHANGE_EVENT: string;
}

/**
 * What `seller/mountResellWidget` takes from the main shop's order page (the embedding
 * contract: apps/main-shop/README.md). The piece is named by its catalogue reference only; the
 * selling flow looks up its product, colour, size and original price itself.
 */
export interface ResellWidgetOptions {
  /** The catalogue reference of the piece the customer bought: its product child id (one colour, one size). */
  reference: number | string;
  /** Where the store is (e.g. `/pre-loved`): "Resell this" leads to its selling flow. Default: this origin. */
  storeUrl?: string;
  /** 'en' (default), 'pt' or 'es'. */
  language?: string;
}

/** `seller/mountResellWidget`: the "Resell this" button for a page without React. */
export interface MountResellWidgetModule {
  /** Renders the widget into `element`; the returned function unmounts it. */
  default: (element: HTMLElement, options: ResellWidgetOptions) => () => void;
  /** The query parameter of the selling page that carries the reference (`/user/submit-item-2hand?resell=`). */
  RESELL_PARAM: string;
}

export type CatalogPageKey =
  'home' | 'all' | 'women' | 'men' | 'clothing' | 'accessories' | 'product' | 'vendor';
export type SearchPageKey = 'search';
export type CheckoutPageKey = 'checkout' | 'review' | 'payment' | 'payment-result' | 'review-order';
export type AccountPageKey =
  'details' | 'security' | 'addresses' | 'wishlist' | 'offers' | 'orders' | 'order' | 'sales' | 'wallet' | 'notifications' | 'saved-searches' | 'contest' | 'privacy' | 'messages' | 'thread' | 'trade-ins';
export type SellerPageKey = 'listings' | 'listing' | 'wallet' | 'onboarding' | 'submit-item' | 'tax-data';
/** The brand's back office (staff only): `frame` holds the others under /backoffice. */
export type BackofficePageKey =
  | 'frame'
  | 'home'
  | 'sign-in'
  | 'invitation'
  | 'disputes'
  | 'dispute'
  | 'verification'
  | 'parcel'
  | 'moderation'
  | 'payouts'
  | 'codes'
  | 'customers'
  | 'customer'
  | 'figures'
  | 'audit'
  | 'staff'
  | 'settings'
  | 'brand-stock'
  | 'trade-ins';

/** remote → expose (without the `./`) → the module it is. */
export interface RemoteExposes {
  catalog: { CatalogPages: RemotePagesModule<CatalogPageKey> };
  search: { SearchBox: RemoteComponentModule; SearchPages: RemotePagesModule<SearchPageKey> };
  'bag-checkout': {
    BagPanel: RemoteComponentModule;
    BagWidget: RemoteComponentModule<BagWidgetOptions>;
    mountBagWidget: MountBagWidgetModule;
    CheckoutPages: RemotePagesModule<CheckoutPageKey>;
  };
  account: { AccountPages: RemotePagesModule<AccountPageKey> };
  seller: { SellerPages: RemotePagesModule<SellerPageKey>; mountResellWidget: MountResellWidgetModule };
  backoffice: { BackofficePages: RemotePagesModule<BackofficePageKey> };
}

export type RemoteName = keyof RemoteExposes;
export type ExposeOf<R extends RemoteName> = keyof RemoteExposes[R] & string;
export type RemoteModule<R extends RemoteName, E extends ExposeOf<R>> = RemoteExposes[R][E];

/** The exposes of a remote that are pages modules. */
export type PagesExposeOf<R extends RemoteName> = {
  [E in ExposeOf<R>]: RemoteExposes[R][E] extends RemotePagesModule<infer _Key> ? E : never;
}[ExposeOf<R>];
/** The page keys of `remote/expose`. */
export type PageKeyOf<R extends RemoteName, E extends PagesExposeOf<R>> =
  RemoteExposes[R][E] extends RemotePagesModule<infer Key> ? Key : never;
/** What a remote's `src/exposes/<Name>Pages.ts` exports as `pages`. */
export type PagesOf<R extends RemoteName, E extends PagesExposeOf<R>> = Partial<
  Record<PageKeyOf<R, E>, RemotePage>
>;

/** The exposes of a remote that are components the shell can mount in a slot or panel. */
export type ComponentExposeOf<R extends RemoteName> = {
  [E in ExposeOf<R>]: RemoteExposes[R][E] extends RemoteComponentModule ? E : never;
}[ExposeOf<R>];
