import { readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogueFiles, repositoryRoot as root } from './catalogue-files';

// Green claims (issue 48; Directive (EU) 2024/825, in force from 27 September 2026): a generic
// environmental claim without recognised proof is an unfair practice. Every sentence the store shows
// or mails lives in a text catalogue (i18n, texts, info-page content, mail texts, the contract's
// messages); a sentence there with an environmental word must be one that names its method and
// source. The one such sentence today is the about page's, citing its study; a new one fails here
// until it is written the same way and added below.
const GREEN =
  /\b(sustainab\w*|eco-?friendly|ecolog\w*|environment(al|ally)?|planet|carbon|co2|co₂|climate|emissions?|footprint|sustent[aá]v\w*|ecol[oó]gic\w*|ambient(e|al)|planeta|carbono|clima|emiss(ão|ões)|pegada|sostenib\w*|medioambient\w*|medio ambiente|emisi(ón|ones)|huella)\b/i;
/** Sentences allowed: each names its method and source (a study with its authors, title and year). */
const SUBSTANTIATED = [/Farrant, S\. I\. Olsen (and|e|y) A\. Wangel, “Environmental benefits from reusing clothes”, The International Journal of Life Cycle Assessment 15, 726–736, 2010/];


/** The quoted strings of a catalogue file (its sentences), its comments left out (their apostrophes would pair with quotes). */
const sentences = (source: string) =>
  [...source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '').matchAll(/'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g)].map((match) => match[1] ?? match[2] ?? '');

it('no page, mail or message makes an environmental claim without naming its method and source', () => {
  const files = catalogueFiles();
  expect(files).toEqual(
    expect.arrayContaining(['apps/shell/src/features/info-pages/content.en.ts', 'apps/api/src/modules/orders/mail-texts.ts', 'apps/api/src/core/mail/mail-texts.es.ts', 'remotes/catalog/src/i18n/pt.ts']),
  );
  const unsubstantiated = files.flatMap((file) =>
    sentences(readFileSync(path.join(root, file), 'utf8'))
      .filter((sentence) => GREEN.test(sentence) && !SUBSTANTIATED.some((source) => source.test(sentence)))
      .map((sentence) => `${file}: ${sentence}`),
  );
  expect(unsubstantiated).toEqual([]);
});

it('finds the generic claim the about page used to make (the check is not blind)', () => {
  expect(GREEN.test('The most sustainable garment is the one that already exists.')).toBe(true);
  expect(GREEN.test('A peça de roupa mais sustentável é a que já existe.')).toBe(true);
  expect(GREEN.test('La prenda más sostenible es la que ya existe.')).toBe(true);
});
