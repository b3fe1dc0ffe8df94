const en = {
  box: {
    label: 'Search',
    placeholder: 'Search items',
    submit: 'Search',
    clear: 'Clear search',
  },
  overlay: {
    title: 'Search results',
    close: 'Close search',
    viewMore: 'View more',
    noResults: "Sorry, we can't find any results for '{{query}}'",
    searching: 'Searching…',
    hint: 'Type more than 3 characters to search.',
    count_one: '{{count}} result',
    count_zero: '{{count}} results',
    count_other: '{{count}} results',
  },
  page: {
    howRanked: 'How results are ranked',
    title: 'Results for “{{query}}”',
    corrected: 'Showing results for “{{query}}”',
    titleEmpty: 'Search',
    documentTitle: 'Search: {{query}}',
    results: 'Search results',
    noResultsText: 'Check the spelling or try other words. New pieces arrive every day.',
    noFilteredResults: 'Nothing matches these filters. Clear a filter to see more.',
    hintTitle: 'What are you looking for?',
    hintText: 'Type what you are looking for in the search box at the top of the page.',
  },
};
export default en;
export type SearchResources = typeof en;
