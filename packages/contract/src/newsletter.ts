import { z } from 'zod';
import { BRAND_ID, MAX_INPUT_LENGTH } from './constants';
import { EMAIL_PATTERN } from './validation';

/** POST /api/commons/newsletteremail */
export const NewsletterRequest = z.object({
  email: z
    .string({ error: 'no_email' })
    .trim()
    // An empty address is only missing (spec §5): the checks after it do not run on it.
    .min(1, { error: 'no_email', abort: true })
    .max(MAX_INPUT_LENGTH, { error: 'too_long' })
    .regex(EMAIL_PATTERN, { error: 'invalid_email' }),
  id_brand: z.literal(BRAND_ID, { error: 'id_brand must be 1' }),
});
export type NewsletterRequest = z.infer<typeof NewsletterRequest>;

export const NewsletterResponse = z.object({ subscribed: z.literal(true), email: z.string() });
export type NewsletterResponse = z.infer<typeof NewsletterResponse>;
