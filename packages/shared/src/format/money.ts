import { formatMoney, formatMoneyRange } from '@preloved/contract';

// The contract's formatMoney is the one way; these names remain while call sites move to it.
export const formatPrice = (amount: number, language = 'en', currency = 'EUR') => formatMoney(amount, language, { currency });
export const formatMinus = (amount: number, language = 'en', currency = 'EUR') => formatMoney(amount, language, { currency, minus: true });
export const formatPriceRange = (min: number, max: number, language = 'en', currency = 'EUR') => formatMoneyRange(min, max, language, { currency });
