import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';

// The public surface of every remote, declared once: the shell loads these through the federation
// runtime and types them from here; each remote's src/exposes/* implements them.

/** A page a remote offers the shell's route table: its component and, optionally, its data loader. */
export interface RemotePage {
  Component: ComponentType;
  loader?: LoaderFunction;
}

/** `catalog/CatalogPages`, `account/AccountPages`, ...: pages by key; the shell owns the paths. */
export interface RemotePagesModule {
  pages: Record<string, RemotePage>;
}

/** A component slot the shell renders, e.g. `search/SearchBox` or `bag-checkout/BagPanel`. */
export interface RemoteComponentModule {
  default: ComponentType;
}

export type RemoteName = 'catalog' | 'search' | 'bag-checkout' | 'account' | 'seller';

/** What the brand's main shop passes to `bag-checkout/mountBagWidget`'s `mount` (the embedding contract). */
export interface MountBagWidgetOptions {
  /** The second-hand store's URL; the widget's links lead there. Default: this origin's root. */
  storeUrl?: string;
  /** The product API; default `${storeUrl}/api`. */
  apiBase?: string;
  /** 'en' (default) or 'pt'. */
  language?: 'en' | 'pt';
  /** Called with the count and total on every change (also sent as a `preloved-bag-change` event). */
  onChange?: (bag: { count: number; total: number }) => void;
}

/** `bag-checkout/mountBagWidget`: the bag widget for a page without React. */
export interface MountBagWidgetModule {
  mount(element: HTMLElement, options?: MountBagWidgetOptions): () => void;
  /** The name of the CustomEvent the widget's element receives on every change ({ count, total }). */
  BAG_CHANGE_EVENT: string;
}
