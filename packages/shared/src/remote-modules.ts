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
