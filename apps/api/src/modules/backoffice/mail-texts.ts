import { mailTexts } from '../../core/mail/mail-texts';

/**
 * The words of the back office’s mails (a staff invitation, a moderation decision with its statement of reasons), in English, in Portuguese (pt-PT) and in Spanish (es-ES):
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
    moderation: {
      approvedSubject: 'Your piece "{{title}}" is live',
      approved: 'The brand has reviewed your listing {{number}}, "{{title}}": it is now on sale.',
      rejectedSubject: 'Your piece "{{title}}" was not accepted',
      rejected: 'The brand has reviewed your listing {{number}}, "{{title}}", and will not show it in the store.',
      changesSubject: 'Your piece "{{title}}" needs changes',
      changes: 'The brand has reviewed your listing {{number}}, "{{title}}", and asks you to change it before it goes on sale. Edit it in My listings: it is reviewed again once you save it.',
      ground: 'Why: {{reason}}.',
      note: 'The moderator’s words: {{note}}',
      facts: 'This decision was taken by a person of the brand’s team, on the listing as you submitted it; no automated means decided it.',
      redress: 'If you think it is wrong, reply to this e-mail within six months and tell us why: someone who did not take the decision will look at it again.',
      reasons: {
        not_brand: 'the piece is not one of the brand’s',
        counterfeit: 'the piece appears not to be genuine',
        prohibited_item: 'the store does not accept this kind of item',
        misleading_description: 'the description or the condition does not match the photos',
        poor_photos: 'the photos do not show the piece well enough',
        price_out_of_rules: 'the price is outside the brand’s rules for this category',
        other: 'see the moderator’s words below',
      },
    },
  },
  pt: {
    staff: {
      inviteSubject: 'Foi convidado para o back office da Preloved',
      inviteIntro: '{{by}} convidou-o para gerir a loja Preloved como {{role}}. Para escolher a sua palavra-passe e configurar a sua aplicação de autenticação, abra este link nas próximas {{hours}} horas:',
      inviteIgnore: 'Se não esperava este convite, ignore este e-mail: o link deixa de funcionar por si.',
      role: { support: 'apoio ao cliente', moderator: 'moderação', finance: 'finanças', admin: 'administração' },
    },
    moderation: {
      approvedSubject: 'A sua peça "{{title}}" está à venda',
      approved: 'A marca reviu o seu artigo {{number}}, "{{title}}": já está à venda.',
      rejectedSubject: 'A sua peça "{{title}}" não foi aceite',
      rejected: 'A marca reviu o seu artigo {{number}}, "{{title}}", e não o vai mostrar na loja.',
      changesSubject: 'A sua peça "{{title}}" precisa de alterações',
      changes: 'A marca reviu o seu artigo {{number}}, "{{title}}", e pede-lhe que o altere antes de ficar à venda. Edite-o em Os meus artigos: é revisto de novo quando o guardar.',
      ground: 'Porquê: {{reason}}.',
      note: 'As palavras de quem moderou: {{note}}',
      facts: 'Esta decisão foi tomada por uma pessoa da equipa da marca, sobre o artigo tal como o submeteu; não foi decidida por meios automáticos.',
      redress: 'Se acha que está errada, responda a este e-mail nos próximos seis meses e diga-nos porquê: alguém que não tomou a decisão vai revê-la.',
      reasons: {
        not_brand: 'a peça não é da marca',
        counterfeit: 'a peça parece não ser genuína',
        prohibited_item: 'a loja não aceita este tipo de artigo',
        misleading_description: 'a descrição ou o estado não correspondem às fotografias',
        poor_photos: 'as fotografias não mostram a peça o suficiente',
        price_out_of_rules: 'o preço está fora das regras da marca para esta categoria',
        other: 'veja abaixo as palavras de quem moderou',
      },
    },
  },
  es: {
    staff: {
      inviteSubject: 'Te han invitado al back office de Preloved',
      inviteIntro: '{{by}} te ha invitado a gestionar la tienda Preloved con la función de {{role}}. Para elegir tu contraseña y configurar tu aplicación de autenticación, abre este enlace en las próximas {{hours}} horas:',
      inviteIgnore: 'Si no esperabas esta invitación, ignora este correo: el enlace deja de funcionar solo.',
      role: { support: 'atención al cliente', moderator: 'moderación', finance: 'finanzas', admin: 'administración' },
    },
    moderation: {
      approvedSubject: 'Tu prenda «{{title}}» está a la venta',
      approved: 'La marca ha revisado tu artículo {{number}}, «{{title}}»: ya está a la venta.',
      rejectedSubject: 'Tu prenda «{{title}}» no se ha aceptado',
      rejected: 'La marca ha revisado tu artículo {{number}}, «{{title}}», y no lo mostrará en la tienda.',
      changesSubject: 'Tu prenda «{{title}}» necesita cambios',
      changes: 'La marca ha revisado tu artículo {{number}}, «{{title}}», y te pide que lo cambies antes de ponerlo a la venta. Edítalo en Mis anuncios: se vuelve a revisar cuando lo guardes.',
      ground: 'Por qué: {{reason}}.',
      note: 'Las palabras de quien moderó: {{note}}',
      facts: 'Esta decisión la ha tomado una persona del equipo de la marca, sobre el artículo tal como lo enviaste; no se ha decidido por medios automatizados.',
      redress: 'Si crees que es errónea, responde a este correo en los próximos seis meses y dinos por qué: la revisará alguien que no tomó la decisión.',
      reasons: {
        not_brand: 'la prenda no es de la marca',
        counterfeit: 'la prenda no parece auténtica',
        prohibited_item: 'la tienda no acepta este tipo de artículo',
        misleading_description: 'la descripción o el estado no corresponden a las fotos',
        poor_photos: 'las fotos no muestran la prenda lo suficiente',
        price_out_of_rules: 'el precio está fuera de las reglas de la marca para esta categoría',
        other: 'mira más abajo las palabras de quien moderó',
      },
    },
  },
});
