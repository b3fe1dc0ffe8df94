import { COLOUR_NAMES } from '@preloved/contract';
import type { MailTexts } from './mail-texts.en';

// The words every mail shares, in Portuguese (pt-PT): the same keys and placeholders as mail-texts.en.ts.

const pt: MailTexts = {
  common: {
    hello: 'Olá {{name}},',
    helloAnyone: 'Olá,',
    signature: 'Preloved',
  },
  catalogue: {
    colours: COLOUR_NAMES.pt,
    oneSize: 'Tamanho único',
    pieces: '{{count}} peças',
  },
};
export default pt;
