import { mailTexts } from '../../core/mail/mail-texts';

/**
 * The words of the conversations' mails (a digest of a thread's unread messages), in English, in
 * Portuguese (pt-PT) and in Spanish (es-ES): the same keys and placeholders in both (the typecheck and modules/mail-texts.test.ts check).
 */
export const conversationMailTexts = mailTexts({
  en: {
    messages: {
      digestSubject: '{{name}} wrote to you about {{title}}',
      digestIntro: '{{name}} wrote to you about {{title}}:',
      digestLine: '> {{text}}',
      digestPhoto: '> [a photo: see it in the store]',
      digestPhotos: '> [{{count}} photos: see them in the store]',
      digestMasked: 'Some details were hidden: deals made outside the store lose Buyer Protection.',
      digestAnswer: 'Answer in the store: {{link}}',
      digestOff: 'You can turn these e-mails off in your account: {{link}}',
    },
  },
  pt: {
    messages: {
      digestSubject: '{{name}} escreveu-lhe sobre {{title}}',
      digestIntro: '{{name}} escreveu-lhe sobre {{title}}:',
      digestLine: '> {{text}}',
      digestPhoto: '> [uma fotografia: veja-a na loja]',
      digestPhotos: '> [{{count}} fotografias: veja-as na loja]',
      digestMasked: 'Alguns dados foram ocultados: negócios feitos fora da loja perdem a Proteção do Comprador.',
      digestAnswer: 'Responda na loja: {{link}}',
      digestOff: 'Pode desligar estes e-mails na sua conta: {{link}}',
    },
  },
  es: {
    messages: {
      digestSubject: '{{name}} te ha escrito sobre {{title}}',
      digestIntro: '{{name}} te ha escrito sobre {{title}}:',
      digestLine: '> {{text}}',
      digestPhoto: '> [una foto: mírala en la tienda]',
      digestPhotos: '> [{{count}} fotos: míralas en la tienda]',
      digestMasked: 'Se han ocultado algunos datos: los tratos cerrados fuera de la tienda pierden la Protección al comprador.',
      digestAnswer: 'Responde en la tienda: {{link}}',
      digestOff: 'Puedes desactivar estos correos en tu cuenta: {{link}}',
    },
  },
});
