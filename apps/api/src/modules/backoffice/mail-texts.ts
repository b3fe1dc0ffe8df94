import { mailTexts } from '../../core/mail/mail-texts';

/**
 * The words of the back office's mails (a staff invitation), in English and in Portuguese (pt-PT):
 * the same keys and placeholders in both (the typecheck and modules/mail-texts.test.ts check).
 */
export const backofficeMailTexts = mailTexts({
  en: {
    staff: {
      inviteSubject: 'You are invited to the Preloved back office',
      inviteIntro: '{{by}} invited you to run the Preloved store as {{role}}. To choose your password and set up your authenticator app, open this link within {{hours}} hours:',
      inviteIgnore: 'If you did not expect this, ignore this e-mail: the link stops working by itself.',
      role: { support: 'support', moderator: 'moderator', finance: 'finance', admin: 'admin' },
    },
  },
  pt: {
    staff: {
      inviteSubject: 'Foi convidado para o back office da Preloved',
      inviteIntro: '{{by}} convidou-o para gerir a loja Preloved como {{role}}. Para escolher a sua palavra-passe e configurar a sua aplicação de autenticação, abra este link nas próximas {{hours}} horas:',
      inviteIgnore: 'Se não esperava este convite, ignore este e-mail: o link deixa de funcionar por si.',
      role: { support: 'apoio ao cliente', moderator: 'moderação', finance: 'finanças', admin: 'administração' },
    },
  },
});
