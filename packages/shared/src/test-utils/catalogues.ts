// A visible string with no Portuguese fails a test. Each catalogue's owner (the
// shell, each remote, @preloved/shared) runs these over its English and Portuguese catalogues.

type Tree = { readonly [key: string]: unknown };

/** Every sentence of a catalogue by its dotted key ('orders.statuses.paid'). */
export function catalogueLeaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] => {
    if (typeof value === 'string') return [[`${prefix}${key}`, value]];
    if (value && typeof value === 'object') return catalogueLeaves(value as Tree, `${prefix}${key}.`);
    return [];
  });
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]).sort();

/**
 * What the Portuguese catalogue gets wrong against the English one: a key missing or empty, or a
 * sentence that drops or adds a placeholder. An empty list is a complete translation.
 */
export function portugueseGaps(en: Tree, pt: Tree): string[] {
  const portuguese = new Map(catalogueLeaves(pt));
  return catalogueLeaves(en).flatMap(([key, text]) => {
    const translated = portuguese.get(key);
    if (translated === undefined || translated.trim() === '') return [`${key}: no Portuguese`];
    const expected = placeholders(text).join(',');
    const found = placeholders(translated).join(',');
    return expected === found ? [] : [`${key}: placeholders {${found}} instead of {${expected}}`];
  });
}
