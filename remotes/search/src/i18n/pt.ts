import type { SearchResources } from './en';

const pt: SearchResources = {
  box: {
    label: 'Pesquisar',
    placeholder: 'Pesquisar artigos',
    submit: 'Pesquisar',
    clear: 'Limpar pesquisa',
  },
  overlay: {
    title: 'Resultados da pesquisa',
    close: 'Fechar pesquisa',
    viewMore: 'Ver mais',
    noResults: "Lamentamos, não encontrámos resultados para '{{query}}'",
    searching: 'A pesquisar…',
    hint: 'Escreva mais de 3 caracteres para pesquisar.',
    count_one: '{{count}} resultado',
    count_zero: '{{count}} resultados',
    count_other: '{{count}} resultados',
  },
  page: {
    howRanked: 'Como ordenamos os resultados',
    title: 'Resultados para “{{query}}”',
    corrected: 'A mostrar resultados para “{{query}}”',
    titleEmpty: 'Pesquisa',
    documentTitle: 'Pesquisa: {{query}}',
    results: 'Resultados da pesquisa',
    noResultsText: 'Verifique a ortografia ou experimente outras palavras. Chegam peças novas todos os dias.',
    noFilteredResults: 'Nada corresponde a estes filtros. Retire um filtro para ver mais.',
    hintTitle: 'De que está à procura?',
    hintText: 'Escreva o que procura na caixa de pesquisa no topo da página.',
  },
};
export default pt;
