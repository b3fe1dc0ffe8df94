import type { TraderDetails } from './traders';

// Zod-free, so the shopper's pages that show a trader (product, seller page, checkout) do not pull in zod.

/** A trader's address on one line: "Rua Augusta 10, 1100-053 Lisboa, Portugal" (`countryName` names the code). */
export const traderAddressLine = (trader: TraderDetails, countryName: (code: string) => string = (code) => code): string =>
  [trader.address, trader.address2, `${trader.zip_code} ${trader.city}`, countryName(trader.country)].filter(Boolean).join(', ');
