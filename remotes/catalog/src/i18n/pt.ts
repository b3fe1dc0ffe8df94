import type { CatalogResources } from './en';

const pt: CatalogResources = {
  home: {
    title: 'Preloved — moda em segunda mão',
    eyebrow: 'Segunda mão, primeira escolha',
    headline: 'Peças com história, prontas para um novo capítulo',
    intro:
      'Compre e venda roupa e acessórios da marca, escolhidos e estimados por pessoas como você. Cada peça é anunciada por um cliente e enviada em 5 dias úteis.',
    shopAll: 'Ver todos os artigos',
    sell: 'Vender um artigo',
    collections: 'Coleções',
    explore: 'Explorar',
    newArrivals: 'Novidades',
    seeAll: 'Ver todas as novidades',
  },
  listing: {
    title: { all: 'Todos os artigos', women: 'Mulher', men: 'Homem', clothing: 'Roupa', accessories: 'Acessórios' },
    results: 'Resultados',
    emptyTitle: 'Não foram encontrados resultados',
    emptyText: 'Nada corresponde a estes filtros neste momento. Chegam peças novas todos os dias — veja as mais recentes.',
  },
  product: {
    breadcrumb: 'Navegação estrutural',
    photos: 'Fotografias',
    photoN: 'Fotografia {{n}}',
    originalPrice: 'Novo custava {{price}}',
    colour: 'Cor',
    size: 'Tamanho',
    allSizes: 'Todos os tamanhos',
    listings_one: '{{count}} artigo à venda',
    listings_other: '{{count}} artigos à venda',
    noListings: 'Não há nenhum artigo neste tamanho de momento. Experimente outro tamanho ou cor.',
    listedBy: 'Anunciado por',
    verified: 'Verificado',
    verifiedHint: 'Vendedor verificado pela marca',
    select: 'Escolher',
    selected: 'Escolhido',
    notFoundTitle: 'Não encontrámos este artigo',
    notFoundText: 'Pode ter sido vendido ou retirado. Há muitas outras peças à sua espera.',
    browse: 'Ver todos os artigos',
  },
  vendor: {
    title: 'O armário de {{name}}',
    memberSince: 'Membro desde {{date}}',
    activeListings_one: '{{count}} artigo à venda',
    activeListings_other: '{{count}} artigos à venda',
    empty: 'Nada à venda de momento.',
    notFoundTitle: 'Não encontrámos este vendedor',
    notFoundText: 'A ligação pode estar errada, ou o vendedor saiu.',
  },
};
export default pt;
