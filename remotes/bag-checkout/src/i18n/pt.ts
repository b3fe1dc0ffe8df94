import type { BagResources } from './en';

const pt: BagResources = {
  panel: {
    title: 'Saco de compras ({{count}})',
    close: 'Fechar o saco',
    lines: 'Artigos no seu saco',
    total: 'Total',
    taxes: 'Impostos não incluídos',
    continueShopping: 'Continuar a comprar',
    goToCheckout: 'Finalizar compra',
    emptyTitle: 'O seu saco está vazio',
    emptyText: 'Cada peça é única. Junte ao saco as que adora antes que outra pessoa o faça.',
    startShopping: 'Começar a comprar',
    full: 'O seu saco está cheio: retire um artigo antes de juntar outro.',
  },
  line: {
    listedBy: 'Vendido por {{name}}',
    options: '{{colour}} · Tamanho {{size}}',
    remove: 'Retirar {{title}} do saco',
    productUnavailable: 'Produto indisponível, retire do saco',
    offerUnavailable: 'Oferta indisponível, retire do saco',
  },
  widget: {
    open_one: 'Saco em segunda mão, {{count}} artigo',
    open_other: 'Saco em segunda mão, {{count}} artigos',
    label: 'Saco pre-loved',
    title: 'O seu saco pre-loved',
    empty: 'O seu saco pre-loved está vazio.',
    browse: 'Comprar em segunda mão',
    more_one: 'e mais {{count}} artigo',
    more_other: 'e mais {{count}} artigos',
  },
  checkout: {
    title: 'Finalizar compra',
    summary: 'Resumo da encomenda',
    subtotal: 'Subtotal',
    empty: 'Ainda não há nada para comprar.',
    signInTitle: 'Inicie sessão para finalizar a compra',
    signInText: 'Inicie sessão ou continue como convidado para comprar estes artigos.',
    signIn: 'Iniciar sessão ou continuar como convidado',
    next: 'A entrega, a revisão e o pagamento vêm a seguir.',
    failed: 'Não foi possível carregar a sua compra.',
  },
  standalone: {
    title: 'Saco e checkout (autónomo)',
    product: 'Anúncios de um produto, para experimentar o saco',
    add: 'Adicionar ao saco',
    openBag: 'Abrir o saco ({{count}})',
    widget: 'O widget que a loja principal incorpora',
  },
};
export default pt;
