import { mailTexts } from '../../core/mail/mail-texts';

/**
 * The words of the alerts module's mails (saved searches and price drops), in English, in Portuguese (pt-PT) and in Spanish (es-ES):
 * the same keys and placeholders in both (the typecheck and modules/mail-texts.test.ts check).
 */
export const alertMailTexts = mailTexts({
  en: {
    alerts: {
      searchSubject: 'New pieces for your saved search "{{name}}"',
      searchIntro: 'New pieces match your saved search "{{name}}":',
      searchLine: '- {{title}} ({{colour}}, {{size}}): {{price}} {{link}}',
      searchAll: 'See every match: {{link}}',
      searchManage: 'Rename, pause or delete your saved searches: {{link}}',
      dropSubject: 'Prices fell on pieces you saved',
      dropIntro: 'Pieces on your wishlist now cost less:',
      dropLine: '- {{title}}: {{price}} (was {{was}}) {{link}}',
      dropWishlist: 'Your wishlist: {{link}}',
    },
  },
  pt: {
    alerts: {
      searchSubject: 'Novas peças para a sua pesquisa guardada "{{name}}"',
      searchIntro: 'Há novas peças para a sua pesquisa guardada "{{name}}":',
      searchLine: '- {{title}} ({{colour}}, {{size}}): {{price}} {{link}}',
      searchAll: 'Ver todos os resultados: {{link}}',
      searchManage: 'Mude o nome, pause ou apague as suas pesquisas guardadas: {{link}}',
      dropSubject: 'Baixaram os preços de peças que guardou',
      dropIntro: 'Peças da sua lista de desejos custam agora menos:',
      dropLine: '- {{title}}: {{price}} (antes {{was}}) {{link}}',
      dropWishlist: 'A sua lista de desejos: {{link}}',
    },
  },
  es: {
    alerts: {
      searchSubject: 'Prendas nuevas para tu búsqueda guardada «{{name}}»',
      searchIntro: 'Hay prendas nuevas para tu búsqueda guardada «{{name}}»:',
      searchLine: '- {{title}} ({{colour}}, {{size}}): {{price}} {{link}}',
      searchAll: 'Ver todos los resultados: {{link}}',
      searchManage: 'Cambia el nombre, pausa o borra tus búsquedas guardadas: {{link}}',
      dropSubject: 'Han bajado los precios de prendas que guardaste',
      dropIntro: 'Prendas de tus favoritos cuestan ahora menos:',
      dropLine: '- {{title}}: {{price}} (antes {{was}}) {{link}}',
      dropWishlist: 'Tus favoritos: {{link}}',
    },
  },
});
