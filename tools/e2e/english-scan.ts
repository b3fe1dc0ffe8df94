import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

// What a page in another language must not show: an English UI string of the store's own catalogues.
// The Portuguese and the Spanish journeys (portuguese.e2e.ts, spanish.e2e.ts) read their pages with it.

type Tree = { [key: string]: string | Tree };

const root = path.resolve(__dirname, '../..');

/** The English catalogue of every app beside its translation into `language`, found on disk (a new remote is walked too). */
async function catalogues(language: 'pt' | 'es'): Promise<[Tree, Tree][]> {
  const dirs = [
    path.join(root, 'packages/shared/src/i18n/common.'),
    ...['apps', 'remotes'].flatMap((group) => readdirSync(path.join(root, group)).map((name) => path.join(root, group, name, 'src/i18n/'))),
  ];
  const pairs: [Tree, Tree][] = [];
  for (const base of dirs) {
    if (!existsSync(`${base}en.ts`) || !existsSync(`${base}${language}.ts`)) continue;
    const [en, translated] = await Promise.all([import(`${base}en.ts`), import(`${base}${language}.ts`)]);
    pairs.push([en.default as Tree, translated.default as Tree]);
  }
  return pairs;
}

/** Every English UI string whose translation into `language` differs, as a whole-text pattern ({{value}} matches anything). */
export async function englishPatterns(language: 'pt' | 'es'): Promise<{ text: string; pattern: RegExp }[]> {
  const found = new Map<string, RegExp>();
  const walk = (en: Tree, translated: Tree | undefined) => {
    for (const [key, value] of Object.entries(en)) {
      const other = translated?.[key];
      if (typeof value !== 'string') {
        walk(value, typeof other === 'object' ? other : undefined);
        continue;
      }
      if (value === other || value.replace(/\{\{\w+\}\}/g, '').trim().length < 3) continue;
      const source = value
        .split(/\{\{\w+\}\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.+?');
      found.set(value, new RegExp(`^${source.replace(/\s+/g, '\\s+')}$`));
    }
  };
  for (const [en, translated] of await catalogues(language)) walk(en, translated);
  return [...found].map(([text, pattern]) => ({ text, pattern }));
}

/** The page's visible texts, accessible names, placeholders and its title, each whole. */
export function textsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript')) continue;
      texts.push(node.textContent ?? '');
      // An element's whole text too: a sentence may be split by a link or an emphasis.
      texts.push(parent.textContent ?? '');
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts.map((text) => text.replace(/\s+/g, ' ').trim()).filter((text) => text.length > 0);
  });
}

/** The English UI strings among the page's texts, each named with the route and the catalogue's sentence it matched. */
export async function englishOn(page: Page, route: string, patterns: { text: string; pattern: RegExp }[]): Promise<string[]> {
  const english: string[] = [];
  for (const text of new Set(await textsOf(page))) {
    const match = patterns.find(({ pattern }) => pattern.test(text));
    if (match) english.push(`${route}: "${text}" (${match.text})`);
  }
  return english;
}
