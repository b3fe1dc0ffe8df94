import { z } from 'zod';
import { BRAND_ID } from './constants';

/**
 * Every 4xx the API gives: a stable `code` (./errors' ERROR_CODES; the client translates it) and its
 * English `message` (spec §8: 422 with a non-empty message), with `params` for the code's sentence.
 */
export const ApiError = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  /** Always sent by the API's error handler; optional here so older answers still parse. */
  code: z.string().optional(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** For validation errors: which field failed and the spec's message key. */
  fields: z.array(z.object({ field: z.string(), key: z.string() })).optional(),
});
export type ApiError = z.infer<typeof ApiError>;

/** `id_brand` is fixed at 1 (spec §1); other values are refused rather than ignored. */
export const BrandId = z.coerce.number().int().max(2147483647).pipe(z.literal(BRAND_ID, { error: 'id_brand must be 1' }));

/** GET /api/health; the engine and uptime only for an operator (X-Operator-Key). */
export const Health = z.object({ status: z.literal('ok'), database: z.string().optional(), uptime: z.number().optional() });
export type Health = z.infer<typeof Health>;
