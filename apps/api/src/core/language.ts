// The language of the catalogue's texts in an answer: the client says which it shows in
// Accept-Language (the shared API client sends the store's language); English is the fallback.
// The catalogue's product and condition texts have a column per language but English's (`title_pt`,
// `title_es`, migrations 011 and 069); one left empty is answered in English (productText).

export const CONTENT_LANGUAGES = ['en', 'pt', 'es'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** True for a language the store writes in ('en', 'pt', 'es'). */
export const isContentLanguage = (value: unknown): value is ContentLanguage =>
  typeof value === 'string' && (CONTENT_LANGUAGES as readonly string[]).includes(value);

/** The first language of an Accept-Language header we have texts in, by the header's q-values; 'en' otherwise. */
export function contentLanguage(header: string | string[] | undefined): ContentLanguage {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((found) => found !== undefined);
      return { language: tag.trim().toLowerCase().split('-')[0]!, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && Number.isFinite(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const found = ranked.find((entry) => (CONTENT_LANGUAGES as readonly string[]).includes(entry.language));
  return (found?.language as ContentLanguage | undefined) ?? 'en';
}

/**
 * SQL: a product's text in `language`, falling back to English (`alias` is the products row). The
 * English text is the product's own unless `english` names another (an order line's copy of it).
 */
export function productText(alias: string, column: 'title' | 'description', language: ContentLanguage = 'en', english = `${alias}.${column}`): string {
  return language === 'en' ? english : `coalesce(${alias}.${column}_${language}, ${english})`;
}

/** SQL: a condition's description in `language`, falling back to English (`alias` is the conditions row). */
export function conditionText(alias: string, language: ContentLanguage = 'en'): string {
  return language === 'en' ? `${alias}.description` : `coalesce(${alias}.description_${language}, ${alias}.description)`;
}

/**
 * The language an answer with catalogue texts is given in, from the request's Accept-Language; says
 * so in Content-Language, and Vary (added to what is there, CORS's Origin) tells caches that the
 * answer depends on that header.
 */
export function answerLanguage(
  request: { headers: Record<string, string | string[] | undefined> },
  reply: { header(name: string, value: string): unknown; getHeader(name: string): unknown },
): ContentLanguage {
  const lang = contentLanguage(request.headers['accept-language']);
  reply.header('Content-Language', lang);
  const vary = reply.getHeader('vary');
  reply.header('Vary', typeof vary === 'string' && vary !== '' ? `${vary}, Accept-Language` : 'Accept-Language');
  return lang;
}
