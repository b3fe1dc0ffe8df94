// The words every mail shares, in English (the fallback): the greeting, the signature, the
// catalogue's colours. Each module keeps its own mails' words beside them (modules/<name>/mail-texts.ts).
// `{{name}}` is filled in by `mailText`; the Portuguese (mail-texts.pt.ts) has the same keys and
// placeholders, and a test fails when one is missing or empty.
import { COLOUR_NAMES } from '@preloved/contract';

const en = {
  common: {
    hello: 'Hello {{name}},',
    helloAnyone: 'Hello,',
    signature: 'Preloved',
  },
  catalogue: {
    colours: COLOUR_NAMES.en,
    oneSize: 'One size',
    pieces: '{{count}} pieces',
  },
};

/** A catalogue: the same nested keys, every leaf a sentence. */
export type MailTextTree = { [key: string]: string | MailTextTree };
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type MailTexts = Shape<typeof en>;
export default en satisfies MailTextTree as MailTexts;
