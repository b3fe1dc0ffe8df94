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
    // The pages' words for them too (packages/shared/src/i18n/common.es.ts).
    colours: {
      black: 'Negro',
      white: 'Blanco',
      ecru: 'Crudo',
      beige: 'Beis',
      camel: 'Camel',
      brown: 'Marrón',
      grey: 'Gris',
      navy: 'Azul marino',
      blue: 'Azul',
      green: 'Verde',
      olive: 'Verde oliva',
      red: 'Rojo',
      burgundy: 'Burdeos',
      pink: 'Rosa',
      yellow: 'Amarillo',
    },
    oneSize: 'Talla única',
    pieces: '{{count}} artículos',
  },
};
export default es;
