// A visible string with no Portuguese or no Spanish fails a test. Each catalogue's owner (the
// shell, each remote, @preloved/shared) runs these over its English catalogue and each translation.

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
 * What a translation gets wrong against the English catalogue: a key missing or empty, or a sentence
 * that drops or adds a placeholder. An empty list is a complete translation.
 */
function translationGaps(en: Tree, translation: Tree, language: string): string[] {
  const translated = new Map(catalogueLeaves(translation));
  return catalogueLeaves(en).flatMap(([key, text]) => {
    const found = translated.get(key);
    if (found === undefined || found.trim() === '') return [`${key}: no ${language}`];
    const expected = placeholders(text).join(',');
    const given = placeholders(found).join(',');
    return expected === given ? [] : [`${key}: placeholders {${given}} instead of {${expected}}`];
  });
}

/** What the Portuguese catalogue gets wrong against the English one (translationGaps). */
export const portugueseGaps = (en: Tree, pt: Tree): string[] => translationGaps(en, pt, 'Portuguese');

/** What the Spanish catalogue gets wrong against the English one (translationGaps). */
export const spanishGaps = (en: Tree, es: Tree): string[] => translationGaps(en, es, 'Spanish');

/**
 * An app's catalogue tests: every sentence it shows in English has its Portuguese and its Spanish
 * (es-ES, loaded with the language), with the same placeholders. Called at a test file's top level.
 */
export function itTranslatesEverySentence({ en, pt, es }: { en: Tree; pt: Tree; es: Tree }): void {
  it('has a Portuguese sentence for every English one', () => {
    expect(portugueseGaps(en, pt)).toEqual([]);
  });
  it('has a Spanish sentence for every English one', () => {
    expect(spanishGaps(en, es)).toEqual([]);
  });
}
