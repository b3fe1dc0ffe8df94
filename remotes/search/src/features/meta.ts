import type { ListingsResponse } from '@preloved/contract';
import type { MetaTranslate, PageMeta } from '@preloved/shared';

/**
 * The search page's title for tabs and link previews. Result pages are not indexed: they
 * repeat the listing pages, which are.
 */
export function searchMeta(data: { query: string; result: ListingsResponse | null }, t: MetaTranslate): PageMeta {
  const title = data.query ? t('search:page.documentTitle', { query: data.query }) : t('search:page.titleEmpty');
  return { title: `${title} — Preloved`, image: data.result?.products_listings[0]?.photo, noindex: true };
}
