import { mailTexts } from '../../core/mail/mail-texts';

/**
 * The words of the payouts module's mails (payout changes), in English, in Portuguese (pt-PT) and in Spanish (es-ES):
 * the same keys and placeholders in both (the typecheck and modules/mail-texts.test.ts check).
 */
export const payoutMailTexts = mailTexts({
  en: {
    // A payout IBAN changed or to confirm (payouts/payout-changes.ts), to the account's owner.
    payout: {
      changedSubject: 'How you are paid by Preloved was changed',
      changed: 'The IBAN Preloved transfers your credit to is now {{iban}}.',
      changedNoIban: 'Your Preloved account no longer has an IBAN.',
      methodBank: 'Your sales are now paid by bank transfer.',
      methodWallet: 'Your sales are now paid into your Preloved wallet.',
      methodStripe: 'Your sales are now paid to your Stripe account, as each is released.',
      held: 'For your safety, transfers to this IBAN are made only from {{date}}.',
      notYou: 'If this was not you, open this link: it freezes every payout and signs out every device until you reset your password.',
    },
  },
  pt: {
    payout: {
      changedSubject: 'A forma como recebe da Preloved foi alterada',
      changed: 'O IBAN para onde a Preloved transfere o seu crédito é agora {{iban}}.',
      changedNoIban: 'A sua conta Preloved já não tem IBAN.',
      methodBank: 'As suas vendas são agora pagas por transferência bancária.',
      methodWallet: 'As suas vendas são agora pagas na sua carteira Preloved.',
      methodStripe: 'As suas vendas são agora pagas na sua conta Stripe, à medida que são libertadas.',
      held: 'Por segurança, as transferências para este IBAN só são feitas a partir de {{date}}.',
      notYou: 'Se não foi você, abra este link: congela todos os pagamentos e termina a sessão em todos os dispositivos até repor a palavra-passe.',
    },
  },
  es: {
    payout: {
      changedSubject: 'Ha cambiado cómo cobras de Preloved',
      changed: 'El IBAN al que Preloved transfiere tu saldo es ahora {{iban}}.',
      changedNoIban: 'Tu cuenta de Preloved ya no tiene IBAN.',
      methodBank: 'Tus ventas se pagan ahora por transferencia bancaria.',
      methodWallet: 'Tus ventas se pagan ahora en tu monedero de Preloved.',
      methodStripe: 'Tus ventas se pagan ahora en tu cuenta de Stripe, a medida que se liberan.',
      held: 'Por tu seguridad, las transferencias a este IBAN solo se hacen a partir del {{date}}.',
      notYou: 'Si no has sido tú, abre este enlace: congela todos los pagos y cierra la sesión en todos los dispositivos hasta que restablezcas la contraseña.',
    },
  },
});
