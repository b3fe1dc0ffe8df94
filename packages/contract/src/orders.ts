import { z } from 'zod';
import { Address } from './addresses';
import { FeeLines, PickupPoint } from './checkout';
import { MAX_INPUT_LENGTH } from './constants';
import { EmailCode } from './customers';
import { PackageVerification } from './verification';

// Orders and sales (spec §2 /user/orders, /user/orders/{id}, /review-order/{id}; §3 "Order"; §6 the
// seller resends the label e-mail). Designed by us; every call needs a Bearer token:
//   GET  /api/orders?page=&limit=          → OrderList (the buyer's orders, newest first)
//   GET  /api/orders/:id                   → OrderDetail
//   POST /api/orders/:id/received          → OrderDetail (the buyer confirms delivery)
//   POST /api/orders/:id/review            ReviewRequest → OrderDetail (once, delivered orders only)
//   POST /api/orders/claim                 ClaimRequest → OrderDetail (a guest order joins the account)
//   POST /api/orders/claim/code            → MessageResponse (mails a code proving the account's e-mail)
//   POST /api/orders/claim/all             ClaimAllRequest → ClaimAllResult (every guest order of it)
//   GET  /api/sales?page=&limit=           → SaleList (the seller's packages, newest first)
//   POST /api/sales/:id/shipped            ShippedRequest → Sale
//   POST /api/sales/:id/label              → MessageResponse (the label e-mail again)
//   POST /api/orders/:id/cancel            → CancelResult (the buyer, nothing shipped yet)
//   POST /api/sales/:id/cancel             → CancelResult (the seller of a one-seller order)
//   POST /api/sales/:id/pieces/:listing_id/cancel → PieceCancelResult (one piece refunded alone)
// Someone else's order or package answers 404, exactly like an unknown id.

export const ORDER_STATUSES = ['paid', 'shipped', 'delivered'] as const;
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const OrderParams = z.object({ id: z.coerce.number({ error: 'id must be a number' }).int().positive().max(2147483647) });
export type OrderParams = z.input<typeof OrderParams>;

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(500).default(1),
  limit: z.coerce.number().int().min(1).max(60).default(20),
});
export type PageQuery = z.input<typeof PageQuery>;

/**
 * A shipped package's tracking number, its carrier's code and the carrier's page that follows it. The
 * carrier is `ctt` or `dpd` for a number a seller typed (the test carrier), or what Sendcloud answered
 * for a label the store bought (`ctt`, `dpd`, `correos_express`, …); `carrierName` writes it.
 */
export const OrderTracking = z.object({ number: z.string(), carrier: z.string(), url: z.string() });
export type OrderTracking = z.infer<typeof OrderTracking>;

const CARRIER_NAMES: Record<string, string> = {
  ctt: 'CTT', dpd: 'DPD', correos: 'Correos', correos_express: 'Correos Express', gls: 'GLS', seur: 'SEUR', ups: 'UPS', mrw: 'MRW', nacex: 'Nacex',
};
/** A carrier's name as it writes it, from its code (an unknown code in capitals, underscores as spaces). */
export const carrierName = (code: string): string => CARRIER_NAMES[code] ?? code.replace(/_/g, ' ').toUpperCase();

export const OrderSummary = z.object({
  id: z.number().int(),
  number: z.string(),
  /** ISO date-time the order was placed. */
  date: z.string(),
  total: z.number(),
  currency_symb_code: z.string(),
  status: OrderStatus,
  /** The first piece's title and photo, and how many pieces the order has (the list shows them). */
  title: z.string(),
  photo: z.string(),
  pieces: z.number().int(),
  /**
   * ISO date: delivered on (when delivered), else the expected date: each package's shipping day
   * (its ship-by date until it is shipped) plus the carrier's business days, the latest of them.
   */
  delivery_date: z.string(),
  delivery_date_estimated: z.boolean(),
  /** Every shipped package's tracking number with its carrier's tracking page. */
  tracking: z.array(OrderTracking),
  /** Pieces cancelled alone by their sellers (each product's `refunded` in the detail) and the euros they gave back. */
  refunded_pieces: z.number().int().optional(),
  refunded_pieces_amount: z.number().optional(),
  /**
   * Cancelled (before shipping; issue 42: `provider`, refunded in full at the payment provider):
   * by whom, when, and the euros all its refunds gave back; null: not cancelled.
   */
  cancelled: z.object({ by: z.enum(['buyer', 'seller', 'ship_by', 'provider']), date: z.string(), refunded: z.number() }).nullable().optional(),
});
export type OrderSummary = z.infer<typeof OrderSummary>;
export const OrderList = z.object({ orders: z.array(OrderSummary), count: z.number().int() });
export type OrderList = z.infer<typeof OrderList>;

export const OrderProduct = z.object({
  listing_id: z.number().int(),
  title: z.string(),
  photo: z.string(),
  options: z.object({ O1Child: z.string(), O2Child: z.string() }),
  price: z.number(),
  /** A line cancelled alone by its seller: euros given back to the buyer's card and when; null: not refunded alone. */
  refunded: z.object({ amount: z.number(), date: z.string() }).nullable().optional(),
});
export type OrderProduct = z.infer<typeof OrderProduct>;

/** One seller's part of an order: each seller ships their pieces in one package. */
export const OrderPackage = z.object({
  id: z.number().int(),
  /** The seller's first name. */
  seller: z.string(),
  /** ISO date (YYYY-MM-DD): the seller ships by then, 5 business days after the order (spec §9). */
  ship_by: z.string(),
  shipped_at: z.string().nullable(),
  tracking_number: z.string().nullable(),
  products: z.array(OrderProduct),
  /** Sent through the brand's hub to be checked (VERIFICATION_MODE=hub): where it is; null when sent straight to the buyer. */
  verification: PackageVerification.nullable().optional(),
});
export type OrderPackage = z.infer<typeof OrderPackage>;

/** The address an order was sent to and billed to, as it was at checkout. */
export const OrderAddress = Address.omit({ id: true, default: true });
export type OrderAddress = z.infer<typeof OrderAddress>;

export const OrderReview = z.object({ rating: z.number().int(), comment: z.string(), date: z.string() });

export const OrderDetail = OrderSummary.extend({
  subtotal: z.number(),
  fees: FeeLines,
  products: z.array(OrderProduct),
  packages: z.array(OrderPackage),
  /** ISO date: the latest ship-by date of the packages ("shipped by"). */
  shipped_by: z.string(),
  /** The packages' tracking numbers, comma-separated; null until one is shipped. */
  tracking_number: z.string().nullable(),
  delivery_option: z.enum(['home', 'pickup']),
  pickup_point: PickupPoint.omit({ distance_km: true }).nullable(),
  delivery_address: OrderAddress,
  billing_address: OrderAddress,
  email: z.string(),
  payment: z.object({ provider: z.string(), card_brand: z.string(), card_last4: z.string(), amount: z.number() }),
  review: OrderReview.nullable(),
  /** True once delivered and not reviewed yet: /review-order/{id} may rate it. */
  can_review: z.boolean(),
  /** True while the buyer may cancel it (POST /orders/:id/cancel): nothing shipped, no problem reported, not cancelled. */
  can_cancel: z.boolean().optional(),
  /** A problem the buyer reported (POST /orders/:id/problem) and the store's decision once made; null: none. */
  problem: z
    .object({ reported_at: z.string(), resolution: z.enum(['refund', 'partial', 'release']).nullable(), resolved_at: z.string().nullable() })
    .nullable()
    .optional(),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

export const ReviewRequest = z.object({
  rating: z.number({ error: 'no_rating' }).int({ error: 'invalid_rating' }).min(1, { error: 'invalid_rating' }).max(5, { error: 'invalid_rating' }),
  comment: z.string().trim().max(500, { error: 'comment_too_long' }).default(''),
});
export type ReviewRequest = z.input<typeof ReviewRequest>;

export const ClaimRequest = z.object({ claim_token: z.string().min(1).max(200) });

/** POST /api/orders/claim/all — the 6-digit code mailed by POST /api/orders/claim/code. */
export const ClaimAllRequest = z.object({ code: EmailCode });
export type ClaimAllRequest = z.input<typeof ClaimAllRequest>;
/** How many guest orders joined the account. */
export const ClaimAllResult = z.object({ claimed: z.number().int() });
export type ClaimAllResult = z.infer<typeof ClaimAllResult>;
export type ClaimRequest = z.input<typeof ClaimRequest>;

export const Sale = z.object({
  /** The package id (the sales calls' :id). */
  id: z.number().int(),
  order_number: z.string(),
  date: z.string(),
  /** The buyer's first name as on the delivery address. */
  buyer: z.string(),
  ship_by: z.string(),
  shipped_at: z.string().nullable(),
  tracking_number: z.string().nullable(),
  /** The carrier's code (see OrderTracking) and its page following the parcel; null until known. */
  carrier: z.string().nullable().optional(),
  tracking_url: z.string().nullable().optional(),
  /**
   * The prepaid label the store buys at the sale (CARRIER_MODE=sendcloud): `pending` while it
   * is being bought, `ready` to download (GET /sales/:id/label), `failed` when Sendcloud refused it (the
   * store's support takes over); null with the test carrier, whose seller types the tracking number.
   */
  label: z.enum(['pending', 'ready', 'failed']).nullable().optional(),
  status: OrderStatus,
  products: z.array(OrderProduct),
  /** What the seller receives for the pieces (their prices less the bundle discount), euros. */
  amount: z.number(),
  /** The bundle discount the seller gave on this package, euros, and its percent; 0 when none. */
  bundle_discount: z.number().optional(),
  bundle_percent: z.number().int().optional(),
  /** When the order, or this package's every piece, was cancelled; null: not cancelled. */
  cancelled_at: z.string().nullable().optional(),
  /** The seller may cancel the whole sale (POST /sales/:id/cancel): not shipped, not cancelled, no problem, the order's only seller. */
  can_cancel: z.boolean().optional(),
  /** The seller may cancel pieces one by one (POST /sales/:id/pieces/:listing_id/cancel): not shipped, not cancelled, no problem. */
  can_cancel_pieces: z.boolean().optional(),
  /** Sent through the brand's hub to be checked: where it is; null when it goes straight to the buyer. */
  verification: PackageVerification.nullable().optional(),
  /** Where the seller's label sends the parcel: the hub's address in hub mode; null: the buyer's. */
  ship_to_hub: z.object({ name: z.string(), address: z.string(), zip_code: z.string(), city: z.string(), country: z.string() }).nullable().optional(),
});
export type Sale = z.infer<typeof Sale>;
export const SaleList = z.object({ sales: z.array(Sale), count: z.number().int() });
export type SaleList = z.infer<typeof SaleList>;

export const ShippedRequest = z.object({
  tracking_number: z
    .string({ error: 'no_tracking_number' })
    .trim()
    .min(1, { error: 'no_tracking_number' })
    .max(MAX_INPUT_LENGTH, { error: 'too_long' })
    .refine((value) => /^[A-Za-z0-9 -]+$/.test(value), { error: 'invalid_tracking_number' })
    .transform((value) => value.toUpperCase()),
});
export type ShippedRequest = z.input<typeof ShippedRequest>;

// The buyer's protection. A sale's credit is released by the carrier's delivery and then
// 2 days with no problem reported; within that time the buyer may say:
//   POST /api/orders/:id/problem           ProblemRequest → ProblemResult (freezes the order's credit;
//                                          mails the seller(s) and the store's support address)
// 409 once reported, or once a credit of the order was released. An operator resolves it, with
// header X-Operator-Key (OPERATOR_KEY):
//   POST /api/operator/orders/:id/resolve  ResolveRequest → ResolveResult ('refund': the card gets the
//                                          order's total back and the deposits are taken back;
//                                          'release': the credit is available at once)
// 401 without the key, 404 an unknown order, 409 no open problem.
export const ProblemRequest = z.object({
  description: z
    .string({ error: 'no_problem_description' })
    .trim()
    .min(1, { error: 'no_problem_description' })
    .max(500, { error: 'comment_too_long' }),
});
export type ProblemRequest = z.input<typeof ProblemRequest>;

export const ProblemResult = z.object({
  order_id: z.number().int(),
  number: z.string(),
  /** ISO date-time the problem was reported. */
  reported_at: z.string(),
});
export type ProblemResult = z.infer<typeof ProblemResult>;

export const PROBLEM_RESOLUTIONS = ['refund', 'release'] as const;
export const ResolveRequest = z.object({ resolution: z.enum(PROBLEM_RESOLUTIONS, { error: 'Choose refund or release.' }) });
export type ResolveRequest = z.input<typeof ResolveRequest>;

export const ResolveResult = z.object({
  number: z.string(),
  resolution: z.enum(PROBLEM_RESOLUTIONS),
  resolved_at: z.string(),
  /** Euros given back to the buyer's card (refund), else null. */
  refunded: z.number().nullable(),
});
export type ResolveResult = z.infer<typeof ResolveResult>;

/** A cancelled order: nothing of it was shipped; the buyer is refunded its whole total. */
export const CancelResult = z.object({
  number: z.string(),
  cancelled_by: z.enum(['buyer', 'seller', 'ship_by']),
  cancelled_at: z.string(),
  /** Euros given back to the buyer's payment method. */
  refunded: z.number(),
});
export type CancelResult = z.infer<typeof CancelResult>;

/** One piece of a sale: the package id and the piece's listing id (POST /sales/:id/pieces/:listing_id/cancel). */
export const SalePieceParams = OrderParams.extend({ listing_id: z.coerce.number({ error: 'listing_id must be a number' }).int().positive().max(2147483647) });
export type SalePieceParams = z.input<typeof SalePieceParams>;

/**
 * One piece of a sale cancelled by its seller before the package ships: the buyer is
 * refunded the piece's share of what they paid, the seller's credit for it is taken back.
 */
export const PieceCancelResult = z.object({
  number: z.string(),
  listing_id: z.number().int(),
  cancelled_at: z.string(),
  /** Euros given back to the buyer's payment method. */
  refunded: z.number(),
  /** Euros taken back from the seller's credit (the piece's price less its share of the bundle discount). */
  taken_back: z.number(),
  /** True when it was the order's last piece: the order is cancelled. */
  order_cancelled: z.boolean(),
});
export type PieceCancelResult = z.infer<typeof PieceCancelResult>;

/** The orders the ship-by deadline cancelled (their numbers). */
export const OverdueResult = z.object({ cancelled: z.array(z.string()) });
export type OverdueResult = z.infer<typeof OverdueResult>;
