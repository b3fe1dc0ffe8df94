import type { SearchResources } from './en';

// The search's words in Spanish of Spain (es-ES), the shopper addressed as «tú».
const es: SearchResources = {
  box: {
    label: 'Buscar',
    placeholder: 'Buscar artículos',
    submit: 'Buscar',
    clear: 'Borrar la búsqueda',
  },
  overlay: {
    title: 'Resultados de la búsqueda',
    close: 'Cerrar la búsqueda',
    viewMore: 'Ver más',
    noResults: 'Lo sentimos, no hemos encontrado resultados para «{{query}}»',
    searching: 'Buscando…',
    hint: 'Escribe más de 3 caracteres para buscar.',
    count_one: '{{count}} resultado',
    count_zero: '{{count}} resultados',
    count_other: '{{count}} resultados',
  },
  page: {
    howRanked: 'Cómo ordenamos los resultados',
    title: 'Resultados para «{{query}}»',
    corrected: 'Mostrando resultados para «{{query}}»',
    titleEmpty: 'Búsqueda',
    documentTitle: 'Búsqueda: {{query}}',
    results: 'Resultados de la búsqueda',
    noResultsText: 'Revisa la ortografía o prueba con otras palabras. Cada día llegan prendas nuevas.',
    noFilteredResults: 'Nada coincide con estos filtros. Quita un filtro para ver más.',
    hintTitle: '¿Qué estás buscando?',
    hintText: 'Escribe lo que buscas en la caja de búsqueda de arriba.',
  },
};
export default es;
