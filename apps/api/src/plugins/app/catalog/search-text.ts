// Full-text search over the variants' search documents (migration 004): English and Portuguese
// stems plus the plain words, accents ignored, every word a prefix (the shopper is still typing).

/** More words than this add nothing a shopper means and only make the query slower. */
export const MAX_SEARCH_WORDS = 8;
const MAX_WORD_LENGTH = 40;

/**
 * The words of a query: case and accents folded, split on anything that is not a letter or a digit,
 * so quotes, SQL fragments, emoji and control characters never reach a tsquery. One-letter words
 * ("t-shirt" → "t", "shirt") are dropped when a longer one is there: as a prefix they match nearly
 * everything.
 */
export function searchWords(q: string): string[] {
  const words = q
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
  const long = words.filter((word) => word.length > 1);
  return [...new Set(long.length > 0 ? long : words)].slice(0, MAX_SEARCH_WORDS);
}

/**
 * SQL: the variant `alias` matches every word of the text[] parameter `param`. A word matches as an
 * English or a Portuguese stem (plurals, "vestidos" → "vestido"), or as the beginning of a plain word
 * (the shopper is still typing). Stems are not used as prefixes: the Portuguese stem of "vestidos"
 * is "vest", which would also begin "vestuário".
 */
export function matchesSearch(alias: string, param: string, count: number): string {
  // No words: browsing, not searching; every variant of the scope matches (the parameter is still
  // named, so PostgreSQL knows its type).
  if (count === 0) return `cardinality(${param}::text[]) = 0`;
  return `${alias}.search_document @@ ${searchQuery(param, count)}`;
}

/** SQL: the tsquery of the words in the text[] parameter `param` (every word, see matchesSearch). */
export function searchQuery(param: string, count: number): string {
  const word = (index: number) => {
    const text = `immutable_unaccent((${param}::text[])[${index}])`;
    return `(to_tsquery('english', ${text}) || to_tsquery('portuguese', ${text}) || to_tsquery('simple', ${text} || ':*'))`;
  };
  return `(${Array.from({ length: count }, (_, index) => word(index + 1)).join(' && ')})`;
}

/**
 * SQL: how well the variant `alias` answers the words (the "Relevance" sort): ts_rank over the
 * document, where a title word counts twice (a description repeats the title). 0 when browsing.
 */
export function searchRank(alias: string, param: string, count: number): string {
  if (count === 0) return '0::real';
  return `ts_rank(${alias}.search_document, ${searchQuery(param, count)})`;
}
