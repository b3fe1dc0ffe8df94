/** The /search page of a query: where "View more" and Enter lead (spec §2: /search?q={query}). */
export const searchPageUrl = (query: string) => `/search?q=${encodeURIComponent(query)}`;
