import { z } from 'zod';
import { PageQuery } from './orders';

// The seller's wallet (spec §2 /user/wallet; §3 "Wallet", "Promo or discount code"; §5 amount bounds;
// §9 bank transfer and discount code). Designed by us; every call needs a Bearer token:
//   GET  /api/wallet?page=&limit=       → Wallet (credit, bounds and the activity, newest first)
//   POST /api/wallet/transfers          WalletAmountRequest → Wallet (a bank transfer to the saved IBAN)
//   POST /api/wallet/codes              WalletAmountRequest → WalletCodeResult (credit → main-store code)
// Refusals: 422 { message, fields } with `no_amount`, `invalid_amount` (not a number of euros with at
// most 2 decimals, or not above zero), `amount_too_low` / `amount_too_high` (outside the bounds the
// wallet answers), `insufficient_credit` (more than the available credit), `no_iban` (a transfer
// without a saved IBAN: PUT /api/customers/payout first).
//
// The brand's main shop, with header X-Shop-Key (a key from the API's configuration, no customer):
//   POST /api/main-store/discount-codes/check    MainStoreCodeRequest → MainStoreCode
//   POST /api/main-store/discount-codes/redeem   MainStoreRedeemRequest → MainStoreCode (once; again: 409)
// A wrong or missing key: 401. An unknown code, or a code of this store: 404 `invalid_discount_code`.

// `connect_transfer`: a released sale paid to the seller's Stripe account (PAYOUT_PROVIDER=stripe_connect,
// issue 42); `connect_reversal`: that transfer taken back (a refund or a lost dispute after it) or
// refused by Stripe, the amount back in the wallet.
export const WALLET_ENTRY_TYPES = ['listing_sale_deposit', 'sale_refund', 'bank_transfer', 'discount_code', 'transaction_fee', 'connect_transfer', 'connect_reversal', 'trade_in_credit'] as const;
export const WalletEntryType = z.enum(WALLET_ENTRY_TYPES);
export type WalletEntryType = z.infer<typeof WalletEntryType>;

/**
 * pending / available: a sale's deposit before and after its release (the carrier's delivery, then
 * 2 days of buyer protection, ended early by the buyer's "all is well"); on_hold: the buyer reported
 * a problem, until the store resolves it; refunded: a sale_refund (the buyer was refunded, the
 * deposit taken back); sent: a bank transfer and its fee, requested (the money has left the
 * wallet); paid: handed to the bank by the next business day's payout run; active / inactive: a discount code before
 * and after the main shop redeemed it. A Stripe transfer as Connect reports it: pending (in
 * the seller's Stripe balance), paid (Stripe paid it out to the seller's bank), failed (Stripe refused
 * it, or the payout to the bank failed), reversed (taken back: its connect_reversal row).
 */
export const WALLET_ENTRY_STATUSES = ['pending', 'available', 'on_hold', 'refunded', 'sent', 'paid', 'active', 'inactive', 'failed', 'reversed'] as const;
export const WalletEntryStatus = z.enum(WALLET_ENTRY_STATUSES);
export type WalletEntryStatus = z.infer<typeof WalletEntryStatus>;

export const WalletEntry = z.object({
  id: z.number().int(),
  type: WalletEntryType,
  /** Euros, signed: a deposit adds to the credit, the others take from it. */
  amount: z.number(),
  /** ISO date-time of the movement. */
  date: z.string(),
  /** The discount code, the bank transfer's reference, or the sale's order number (a Stripe transfer's too). */
  code: z.string().nullable(),
  status: WalletEntryStatus,
  /** A pending deposit: when it becomes available (ISO), or null while no delivery is reported (or it is on hold). */
  available_from: z.string().nullable(),
});
export type WalletEntry = z.infer<typeof WalletEntry>;

export const AmountBounds = z.object({ min: z.number(), max: z.number() });
export type AmountBounds = z.infer<typeof AmountBounds>;

export const Wallet = z.object({
  /** Every movement summed, euros (pending deposits included). */
  total_credit: z.number(),
  /** Deposits waiting for their release (delivery + protection window) or held by a problem. */
  pending: z.number(),
  /** What can be transferred or turned into a discount code. */
  available: z.number(),
  currency_symb_code: z.string(),
  /** Amount bounds in euros, from the API's configuration (spec §5: supplied at run time). */
  bounds: z.object({ bank_transfer: AmountBounds, discount_code: AmountBounds }),
  /** The share of a bank transfer that reaches the bank account, in percent (the rest is the fee row). */
  bank_transfer_percent: z.number(),
  /** The saved IBAN transfers go to (electronic format), or null. */
  iban: z.string().nullable(),
  activity: z.array(WalletEntry),
  /** Number of activity rows in all. */
  count: z.number().int(),
  /**
   * The brand's store-credit bonus on main-shop codes for this seller: the percentage added and the
   * euros of bonus left this month. Null when the seller gets none (not verified by the brand, or no bonus).
   */
  code_bonus: z.object({ percent: z.number(), remaining: z.number() }).nullable(),
});
export type Wallet = z.infer<typeof Wallet>;

export const WalletQuery = PageQuery;
export type WalletQuery = z.input<typeof WalletQuery>;

/** Euros as a JSON number, above zero, at most 2 decimals (strings are refused, not read). */
export const WalletAmount = z
  .number({ error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? 'no_amount' : 'invalid_amount') })
  .refine((value) => Number.isFinite(value) && value > 0, { error: 'invalid_amount' })
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, { error: 'invalid_amount' })
  .transform((value) => Math.round(value * 100));

export const WalletAmountRequest = z.object({ amount: WalletAmount });
export type WalletAmountRequest = z.input<typeof WalletAmountRequest>;

/** A discount code as the wallet shows it (spec §3: the code and whether it is active). */
/** A main-shop code: `amount` is what it is worth at the main shop, the credit spent plus `bonus` (euros). */
export const DiscountCodeSummary = z.object({ code: z.string(), amount: z.number(), active: z.boolean(), bonus: z.number() });
export type DiscountCodeSummary = z.infer<typeof DiscountCodeSummary>;

export const WalletCodeResult = z.object({ discount_code: DiscountCodeSummary, wallet: Wallet });
export type WalletCodeResult = z.infer<typeof WalletCodeResult>;

export const MAIN_STORE_KEY_HEADER = 'x-shop-key';

export const MainStoreCodeRequest = z.object({
  code: z
    .string({ error: 'no_discount_code' })
    .trim()
    .min(1, { error: 'no_discount_code' })
    .max(50, { error: 'invalid_discount_code' })
    .transform((value) => value.toUpperCase()),
});
export type MainStoreCodeRequest = z.input<typeof MainStoreCodeRequest>;

export const MainStoreRedeemRequest = MainStoreCodeRequest.extend({
  /** The main shop's order (or cart) the code was used on, kept with the redemption. */
  reference: z.string().trim().max(100).optional(),
});
export type MainStoreRedeemRequest = z.input<typeof MainStoreRedeemRequest>;

export const MainStoreCode = z.object({
  code: z.string(),
  /** The credit the code is worth in the main shop, euros (100 % of what left the wallet). */
  amount: z.number(),
  currency_symb_code: z.string(),
  /** False once redeemed. */
  active: z.boolean(),
  redeemed_at: z.string().nullable(),
});
export type MainStoreCode = z.infer<typeof MainStoreCode>;
