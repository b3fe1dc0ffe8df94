import { COLOUR_NAMES } from '@preloved/contract';
import type { MailTexts } from './mail-texts.en';

// The words every mail shares, in Spanish (es-ES, the reader addressed as «tú», as the pages do): the same keys and
// placeholders as mail-texts.en.ts.

const es: MailTexts = {
  common: {
    hello: 'Hola, {{name}}:',
    helloAnyone: 'Hola:',
    signature: 'Preloved',
  },
  catalogue: {
    colours: COLOUR_NAMES.es,
    oneSize: 'Talla única',
    pieces: '{{count}} artículos',
  },
};
export default es;
