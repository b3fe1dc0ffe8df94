// Full-text search over the variants' search documents (migrations 004 and 030): English and
// Portuguese stems (each of its own language's text) plus the plain words, accents ignored, every
// word a prefix (the shopper is still typing). One rule for every word, whatever its length.

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
 * SQL: every word in the text[] parameter `param` begins a word, as written, of the parts `weights`
 * of the document (migration 030: A the title, B the words of what the piece is). The words are
 * letters and digits only (searchWords), so the suffix is never read as tsquery syntax.
 */
function writtenIn(param: string, count: number, weights: string): string {
  const word = (index: number) => `to_tsquery('simple', immutable_unaccent((${param}::text[])[${index}]) || ':*${weights}')`;
  return `(${Array.from({ length: count }, (_, index) => word(index + 1)).join(' && ')})`;
}

/**
 * SQL: how well the variant `alias` answers the words (the "Relevance" sort, a search's default):
 * first the variants whose title has every word as the shopper wrote it, then those whose title and
 * kind, category, gender or colour words have them, then the rest (found through a stem or the
 * description only); within each tier ts_rank over the weighted document (normalised to below 1,
 * so it never crosses a tier). Stems decide what is found, not the tier: a stem of one language
 * can be a word of the other ("male" has the Portuguese stem of "mala"). 0 when browsing.
 */
export function searchRank(alias: string, param: string, count: number): string {
  if (count === 0) return '0::real';
  const document = `${alias}.search_document`;
  return `((CASE WHEN ${document} @@ ${writtenIn(param, count, 'A')} THEN 2 ELSE 0 END)
    + (CASE WHEN ${document} @@ ${writtenIn(param, count, 'AB')} THEN 1 ELSE 0 END)
    + ts_rank(${document}, ${searchQuery(param, count)}, 32))`;
}
