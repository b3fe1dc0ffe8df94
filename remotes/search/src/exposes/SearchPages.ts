import type { PagesOf } from '@preloved/shared';
import { SearchPage, searchLoader } from '../features/results/SearchPage';
import { searchMeta } from '../features/meta';
import '../i18n';

/** The search remote's pages, by the keys the shell's route table uses (`/search` → 'search'). */
export const pages: PagesOf<'search', 'SearchPages'> = {
  search: { Component: SearchPage, loader: searchLoader, meta: searchMeta },
};
