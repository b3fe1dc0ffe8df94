import { z } from 'zod';
import type { StaffRole } from './backoffice';

// Brand Direct (issue 48): the brand sells its own pre-loved pieces — trade-ins, returns, seconds,
// samples — beside peer listings, as a business trader (the buyer's 14-day withdrawal right and the
// legal guarantee), with the margin VAT scheme for pieces it bought from consumers.
//
//   Back office (staff cookie):
//   GET  /api/backoffice/brand-stock/catalogue?q=       → BrandCatalogue   (list: moderator, admin)
//   POST /api/backoffice/brand-stock/photos             → UploadedPhoto    (the listing photo checks)
//   POST /api/backoffice/brand-stock   BrandStockInput  → BrandStockAdded  (many rows at once, all or none)
//   GET  /api/backoffice/brand-stock                    → BrandStockList
//   GET  /api/backoffice/brand-stock/orders             → BrandOrders      (orders: support, admin)
//   POST /api/backoffice/brand-stock/packages/:id/sent  → BrandOrders
//   POST /api/backoffice/brand-stock/returns/:id/received BrandReturnReceive → BrandOrders
//   GET  /api/backoffice/brand-stock/sales?from&to[&format=csv] → BrandSales (sales: finance, admin)
//   Buyer (bearer):
//   GET  /api/orders/:id/returns                        → OrderReturns
//   POST /api/orders/:id/returns       BrandReturnRequest → OrderReturns
//   GET  /api/orders/:id/returns/:returnId/label        → the prepaid return label (PDF)
//   GET  /api/orders/:id/brand-invoice                  → the brand's invoice of its pieces (PDF)

/** Who does what with the brand's stock: moderators list pieces (they judge photos and prices), the hub's team sends parcels and receives returns, finance reads the margin scheme. */
export const BRAND_DIRECT_ROLES = {
  list: ['moderator', 'admin'],
  orders: ['support', 'admin'],
  sales: ['finance', 'admin'],
} as const satisfies Record<string, readonly StaffRole[]>;

/** The withdrawal period (Consumer Rights Directive Art. 9): 14 days from the day after the delivery, to the end of the 14th, Lisbon time. */
export const BRAND_RETURN_DAYS = 14;
/**
 * The legal guarantee of conformity the brand gives on its pieces (Directive (EU) 2019/771 Art. 10):
 * 2 years would be the rule; for second-hand goods the parties may agree 1 year (Art. 10(6)), which
 * Portugal's DL 84/2021 (Art. 12(3)) allows for used goods when the buyer is told before buying. The brand
 * takes the 1 year and says so on the product page and at checkout.
 */
export const BRAND_GUARANTEE_YEARS = 1;
/** Rows of one bulk listing. */
export const BRAND_STOCK_MAX_ROWS = 50;
export const BRAND_STOCK_SOURCES = ['trade_in', 'return', 'second', 'sample'] as const;
export const BrandStockSource = z.enum(BRAND_STOCK_SOURCES);
export type BrandStockSource = z.infer<typeof BrandStockSource>;
/** The VAT rate of the brand's sales (Portugal's standard rate); margin-scheme VAT = margin × rate / (100 + rate). */
export const BRAND_VAT_RATE = 23;

/** The VAT in a price (or margin) that includes it, in cents: amount × rate / (100 + rate), rounded; none on a margin below zero. */
export function vatIncluded(cents: number, rate: number = BRAND_VAT_RATE): number {
  return cents <= 0 ? 0 : Math.round((cents * rate) / (100 + rate));
}

export const BrandCatalogueQuery = z.object({ q: z.string().trim().max(50) });
/** A product child (a colour in a size) staff can list a piece of. `product_code`: the product and child ids as the hub reads them. */
export const BrandCatalogueEntry = z.object({
  child_id: z.number().int(),
  product_id: z.number().int(),
  product_code: z.string(),
  title: z.string(),
  colour: z.string(),
  size: z.string(),
  original_price: z.number(),
});
export type BrandCatalogueEntry = z.infer<typeof BrandCatalogueEntry>;
export const BrandCatalogue = z.object({ children: z.array(BrandCatalogueEntry) });
export type BrandCatalogue = z.infer<typeof BrandCatalogue>;

/** One piece to list. Money in euros; `acquired`: what the brand paid a consumer (trade-ins only). */
export const BrandStockRow = z.object({
  child_id: z.number().int().positive().max(2147483647),
  condition_id: z.number().int().positive().max(100),
  price: z.number().min(0).max(100000),
  source: z.string().max(20),
  acquired: z.number().min(0).max(100000).nullable().default(null),
  photos: z.array(z.string().max(200)).max(10),
  comment: z.string().max(500).default(''),
});
export type BrandStockRow = z.input<typeof BrandStockRow>;
export const BrandStockInput = z.object({ pieces: z.array(BrandStockRow).max(200) });
export type BrandStockInput = z.input<typeof BrandStockInput>;
export const BrandStockAdded = z.object({ listings: z.array(z.object({ listing_id: z.number().int(), number: z.string() })) });
export type BrandStockAdded = z.infer<typeof BrandStockAdded>;

export const BrandStockEntry = z.object({
  listing_id: z.number().int(),
  number: z.string(),
  product_id: z.number().int(),
  variant_id: z.number().int(),
  title: z.string(),
  colour: z.string(),
  size: z.string(),
  photo: z.string(),
  price: z.number(),
  source: BrandStockSource,
  acquired: z.number().nullable(),
  status: z.string(),
  created_at: z.string(),
});
export type BrandStockEntry = z.infer<typeof BrandStockEntry>;
export const BrandStockList = z.object({ pieces: z.array(BrandStockEntry) });
export type BrandStockList = z.infer<typeof BrandStockList>;

/** A brand package of an order: to send from the hub, or sent. */
export const BrandPackageEntry = z.object({
  package_id: z.number().int(),
  order_id: z.number().int(),
  order_number: z.string(),
  placed_at: z.string(),
  pieces: z.array(z.object({ listing_id: z.number().int(), title: z.string(), size: z.string() })),
  shipped_at: z.string().nullable(),
  tracking_number: z.string().nullable(),
});
export type BrandPackageEntry = z.infer<typeof BrandPackageEntry>;
export const BrandReturnEntry = z.object({
  return_id: z.number().int(),
  order_id: z.number().int(),
  order_number: z.string(),
  listing_id: z.number().int(),
  title: z.string(),
  requested_at: z.string(),
  tracking_number: z.string(),
  received_at: z.string().nullable(),
  refunded: z.number().nullable(),
  relisted_as: z.number().int().nullable(),
});
export type BrandReturnEntry = z.infer<typeof BrandReturnEntry>;
export const BrandOrders = z.object({ to_send: z.array(BrandPackageEntry), returns: z.array(BrandReturnEntry) });
export type BrandOrders = z.infer<typeof BrandOrders>;
export const BrandIdParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
/** Receiving a return: the piece goes back on sale at its price (or stays off sale). */
export const BrandReturnReceive = z.object({ relist: z.boolean().default(true) });
export type BrandReturnReceive = z.input<typeof BrandReturnReceive>;

export const BrandSalesQuery = z
  .object({
    from: z.iso.date({ error: 'figures_range' }),
    to: z.iso.date({ error: 'figures_range' }),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .superRefine((value, ctx) => {
    const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000;
    if (!(days >= 0 && days <= 731)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'figures_range' });
  });
export type BrandSalesQuery = z.input<typeof BrandSalesQuery>;

/**
 * One brand piece sold, as the accountant reads it (euros). `scheme`: margin (bought from a consumer:
 * VAT on sale − purchase, VAT Directive Art. 311–325; the invoice shows no VAT) or standard (VAT on the
 * price). `vat`: the VAT in the margin or the price at `vat_rate`. A returned piece keeps its row, with
 * the refund and its date (the credit note's figures).
 */
export const BrandSaleEntry = z.object({
  sold_at: z.string(),
  order_number: z.string(),
  listing_number: z.string(),
  title: z.string(),
  source: BrandStockSource,
  scheme: z.enum(['margin', 'standard']),
  sale: z.number(),
  purchase: z.number().nullable(),
  margin: z.number().nullable(),
  vat_rate: z.number(),
  vat: z.number(),
  returned_at: z.string().nullable(),
  refunded: z.number().nullable(),
});
export type BrandSaleEntry = z.infer<typeof BrandSaleEntry>;
export const BrandSales = z.object({
  sales: z.array(BrandSaleEntry),
  /** Of the pieces not returned: sales, purchases and margins of the margin scheme, and the VAT due by scheme. */
  totals: z.object({ sales: z.number(), margin_sales: z.number(), purchases: z.number(), margin: z.number(), margin_vat: z.number(), standard_sales: z.number(), standard_vat: z.number() }),
});
export type BrandSales = z.infer<typeof BrandSales>;

export const BrandReturnRequest = z.object({ listing_id: z.number().int().positive().max(2147483647) });
export type BrandReturnRequest = z.infer<typeof BrandReturnRequest>;
export const ReturnParams = z.object({ id: z.coerce.number().int().positive().max(2147483647), returnId: z.coerce.number().int().positive().max(2147483647) });

/** A brand piece of the buyer's order: until when it may be returned (null: not delivered yet), and its return. */
export const ReturnablePiece = z.object({
  listing_id: z.number().int(),
  returnable_until: z.string().nullable(),
  /** Whether "Return this piece" is offered now. */
  returnable: z.boolean(),
  return: z
    .object({
      return_id: z.number().int(),
      requested_at: z.string(),
      tracking_number: z.string(),
      /** The prepaid label (PDF), to the brand's hub. */
      label_url: z.string(),
      received_at: z.string().nullable(),
      refunded: z.number().nullable(),
    })
    .nullable(),
});
export type ReturnablePiece = z.infer<typeof ReturnablePiece>;
/** GET /api/orders/:id/returns: the order's brand pieces (none: an order with no brand piece) and the brand's invoice. */
export const OrderReturns = z.object({ pieces: z.array(ReturnablePiece), invoice_url: z.string().nullable() });
export type OrderReturns = z.infer<typeof OrderReturns>;
