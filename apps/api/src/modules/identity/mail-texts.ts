import { mailTexts } from '../../core/mail/mail-texts';

/**
 * The words of the identity module's mails (proving an e-mail, password recovery, a changed e-mail), in English, in Portuguese (pt-PT) and in Spanish (es-ES):
 * the same keys and placeholders in both (the typecheck and modules/mail-texts.test.ts check).
 */
export const identityMailTexts = mailTexts({
  en: {
    // Proofs of an e-mail (customers/email-proofs.ts): a 6-digit code, sometimes a link.
    proofs: {
      code: 'Your code: {{code}}',
      link: 'Or open this link:',
      validMinutes: 'The code works once, for {{minutes}} minutes.',
      validDays: 'The code and the link work once, for {{days}} days.',
      notYou: 'If you did not ask for this, ignore this e-mail: nothing changes.',
      verify: {
        subject: 'Confirm your e-mail for Preloved',
        intro: 'Welcome to Preloved. Confirm that this e-mail address is yours, so you can add guest orders to your account, receive payouts and use first-order codes.',
      },
      claim_orders: {
        subject: 'Your code to add your guest orders',
        intro: 'You asked to add the orders you placed as a guest with this e-mail address to your Preloved account. Type this code where you asked:',
      },
      step_up: {
        subject: 'Your Preloved security code',
        intro: 'To move money out of your Preloved account or change how you are paid, type this code where you asked:',
      },
      guest_checkout: {
        subject: 'Your Preloved checkout code',
        intro: 'To use a first-order code at checkout, type this code on the checkout page:',
      },
      googleTakeover: {
        subject: 'Your Preloved account now signs in with Google',
        text: 'You signed in with Google as {{email}}. The account of this address had never been confirmed, so it now signs in with Google only: its password was removed and every other device was signed out. If you had set that password yourself, set a new one with "Forgot your password?".',
      },
    },
    recovery: {
      subject: 'Reset your Preloved password',
      intro: 'Someone asked to reset the password of your Preloved account. To choose a new password, open this link:',
      validity: 'The link works once and for one hour. If you did not ask for it, ignore this e-mail: your password stays the same.',
    },
    emailChanged: {
      subject: 'The e-mail address of your Preloved account was changed',
      changed: 'The e-mail address of your Preloved account was changed from {{from}} to {{to}}. Other devices were signed out.',
      undo: 'If you did not do this, open this link within 7 days. It gives the account this address back, signs out every device and lets you choose a new password:',
      noUndo: 'If you did not do this, use the link in the first e-mail we sent about this change, or contact us.',
    },
  },
  pt: {
    proofs: {
      code: 'O seu código: {{code}}',
      link: 'Ou abra este link:',
      validMinutes: 'O código funciona uma vez, durante {{minutes}} minutos.',
      validDays: 'O código e o link funcionam uma vez, durante {{days}} dias.',
      notYou: 'Se não foi você que o pediu, ignore este e-mail: nada muda.',
      verify: {
        subject: 'Confirme o seu e-mail na Preloved',
        intro: 'Bem-vindo à Preloved. Confirme que este endereço de e-mail é seu, para poder adicionar encomendas feitas como convidado à sua conta, receber pagamentos e usar códigos de primeira encomenda.',
      },
      claim_orders: {
        subject: 'O seu código para adicionar as encomendas como convidado',
        intro: 'Pediu para adicionar à sua conta Preloved as encomendas que fez como convidado com este endereço de e-mail. Escreva este código onde o pediu:',
      },
      step_up: {
        subject: 'O seu código de segurança Preloved',
        intro: 'Para retirar dinheiro da sua conta Preloved ou mudar a forma como recebe, escreva este código onde o pediu:',
      },
      guest_checkout: {
        subject: 'O seu código de checkout Preloved',
        intro: 'Para usar um código de primeira encomenda no checkout, escreva este código na página de checkout:',
      },
      googleTakeover: {
        subject: 'A sua conta Preloved entra agora com a Google',
        text: 'Iniciou sessão com a Google como {{email}}. A conta deste endereço nunca tinha sido confirmada, por isso entra agora só com a Google: a palavra-passe foi removida e a sessão foi terminada nos outros dispositivos. Se tinha sido você a definir essa palavra-passe, defina uma nova com "Esqueceu-se da palavra-passe?".',
      },
    },
    recovery: {
      subject: 'Redefina a palavra-passe da sua conta Preloved',
      intro: 'Alguém pediu para redefinir a palavra-passe da sua conta Preloved. Para escolher uma nova palavra-passe, abra este link:',
      validity: 'O link funciona uma vez e durante uma hora. Se não foi você que o pediu, ignore este e-mail: a sua palavra-passe fica igual.',
    },
    emailChanged: {
      subject: 'O endereço de e-mail da sua conta Preloved foi alterado',
      changed: 'O endereço de e-mail da sua conta Preloved foi alterado de {{from}} para {{to}}. A sessão foi terminada nos outros dispositivos.',
      undo: 'Se não foi você, abra este link nos próximos 7 dias. Devolve este endereço à conta, termina a sessão em todos os dispositivos e deixa-o escolher uma nova palavra-passe:',
      noUndo: 'Se não foi você, use o link do primeiro e-mail que enviámos sobre esta alteração, ou contacte-nos.',
    },
  },
  es: {
    proofs: {
      code: 'Tu código: {{code}}',
      link: 'O abre este enlace:',
      validMinutes: 'El código funciona una vez, durante {{minutes}} minutos.',
      validDays: 'El código y el enlace funcionan una vez, durante {{days}} días.',
      notYou: 'Si no lo has pedido tú, ignora este correo: no cambia nada.',
      verify: {
        subject: 'Confirma tu correo en Preloved',
        intro: 'Te damos la bienvenida a Preloved. Confirma que esta dirección de correo es tuya para poder añadir a tu cuenta los pedidos hechos como invitado, recibir pagos y usar códigos de primer pedido.',
      },
      claim_orders: {
        subject: 'Tu código para añadir tus pedidos como invitado',
        intro: 'Has pedido añadir a tu cuenta de Preloved los pedidos que hiciste como invitado con esta dirección de correo. Escribe este código donde lo pediste:',
      },
      step_up: {
        subject: 'Tu código de seguridad de Preloved',
        intro: 'Para sacar dinero de tu cuenta de Preloved o cambiar cómo cobras, escribe este código donde lo pediste:',
      },
      guest_checkout: {
        subject: 'Tu código para el pago en Preloved',
        intro: 'Para usar un código de primer pedido en el proceso de pago, escribe este código en la página de pago:',
      },
      googleTakeover: {
        subject: 'Tu cuenta de Preloved ahora inicia sesión con Google',
        text: 'Has iniciado sesión con Google como {{email}}. La cuenta de esta dirección nunca se había confirmado, así que ahora solo inicia sesión con Google: se ha quitado su contraseña y se ha cerrado la sesión en todos los demás dispositivos. Si esa contraseña la habías puesto tú, pon una nueva con «¿Has olvidado tu contraseña?».',
      },
    },
    recovery: {
      subject: 'Restablece la contraseña de Preloved',
      intro: 'Alguien ha pedido restablecer la contraseña de tu cuenta de Preloved. Para elegir una contraseña nueva, abre este enlace:',
      validity: 'El enlace funciona una vez y durante una hora. Si no lo has pedido tú, ignora este correo: tu contraseña sigue igual.',
    },
    emailChanged: {
      subject: 'La dirección de correo de tu cuenta de Preloved ha cambiado',
      changed: 'La dirección de correo de tu cuenta de Preloved ha cambiado de {{from}} a {{to}}. Se ha cerrado la sesión en los demás dispositivos.',
      undo: 'Si no has sido tú, abre este enlace en los próximos 7 días. Devuelve esta dirección a la cuenta, cierra la sesión en todos los dispositivos y te deja elegir una contraseña nueva:',
      noUndo: 'Si no has sido tú, usa el enlace del primer correo que te enviamos sobre este cambio o escríbenos.',
    },
  },
});
