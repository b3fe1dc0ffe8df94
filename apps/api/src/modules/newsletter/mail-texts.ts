import { mailTexts } from '../../core/mail/mail-texts';

/**
 * The words of the newsletter module's mails (the newsletter sign-up), in English, in Portuguese (pt-PT) and in Spanish (es-ES):
 * the same keys and placeholders in both (the typecheck and modules/mail-texts.test.ts check).
 */
export const newsletterMailTexts = mailTexts({
  en: {
    newsletter: {
      subject: 'Confirm your Preloved newsletter subscription',
      intro: 'Someone asked to receive the Preloved newsletter at this address. To confirm, open this link within 7 days:',
      ignore: 'If it was not you, ignore this e-mail: without the confirmation we send you nothing more.',
    },
  },
  pt: {
    newsletter: {
      subject: 'Confirme a sua subscrição da newsletter Preloved',
      intro: 'Alguém pediu para receber a newsletter Preloved neste endereço. Para confirmar, abra este link nos próximos 7 dias:',
      ignore: 'Se não foi você, ignore este e-mail: sem a confirmação não lhe enviamos mais nada.',
    },
  },
  es: {
    newsletter: {
      subject: 'Confirma tu suscripción a la newsletter de Preloved',
      intro: 'Alguien ha pedido recibir la newsletter de Preloved en esta dirección. Para confirmarlo, abre este enlace en los próximos 7 días:',
      ignore: 'Si no has sido tú, ignora este correo: sin la confirmación no te enviaremos nada más.',
    },
  },
});
