// The names of the catalogue's colours (the ids of apps/api/src/db/catalogue-data.ts) in both
// languages (English, Portuguese, Spanish): one list for the pages (shared `common.catalogue.colours`) and the API's mails.

export type ColourNames = Record<
  | 'black'
  | 'white'
  | 'ecru'
  | 'beige'
  | 'camel'
  | 'brown'
  | 'grey'
  | 'navy'
  | 'blue'
  | 'green'
  | 'olive'
  | 'red'
  | 'burgundy'
  | 'pink'
  | 'yellow',
  string
>;

export const COLOUR_NAMES: { en: ColourNames; pt: ColourNames; es: ColourNames } = {
  en: {
    black: 'Black',
    white: 'White',
    ecru: 'Ecru',
    beige: 'Beige',
    camel: 'Camel',
    brown: 'Brown',
    grey: 'Grey',
    navy: 'Navy',
    blue: 'Blue',
    green: 'Green',
    olive: 'Olive',
    red: 'Red',
    burgundy: 'Burgundy',
    pink: 'Pink',
    yellow: 'Yellow',
  },
  pt: {
    black: 'Preto',
    white: 'Branco',
    ecru: 'Cru',
    beige: 'Bege',
    camel: 'Camelo',
    brown: 'Castanho',
    grey: 'Cinzento',
    navy: 'Azul-marinho',
    blue: 'Azul',
    green: 'Verde',
    olive: 'Verde-azeitona',
    red: 'Vermelho',
    burgundy: 'Bordô',
    pink: 'Rosa',
    yellow: 'Amarelo',
  },
  es: {
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
};
