import { ERROR_MESSAGES, errorSentence, isErrorCode, isMessageKey, VALIDATION_MESSAGES, type ErrorCode, type ErrorParams } from '@preloved/contract';

// The API answers a validation key (the spec's §5 message keys, used by the contract's zod schemas)
// with its English sentence from the contract's one catalogue; the storefront translates the keys itself.
export function sentenceFor(key: string, field: string): string {
  if (isMessageKey(key)) return VALIDATION_MESSAGES[key];
  // A code of the catalogue used as a field's key (the back office's fields, a refusal naming its field).
  if (isErrorCode(key)) return ERROR_MESSAGES[key];
  return field && !key.toLowerCase().startsWith(field.toLowerCase()) ? `${field}: ${key}` : key;
}

/** The `error` of an answer, by status (Fastify's own answers say the same). */
const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/** Every refusal's body, whoever sends it: its status, code, English message, fields, params and more. */
export interface RefusalBody {
  statusCode: number;
  error: string;
  code: string;
  message: string;
  fields?: { field: string; key: string }[];
  params?: ErrorParams;
  [more: string]: unknown;
}

/**
 * The one shape of a refusal's body: the error handler sends it for a thrown error, and the payment
 * calls keep it with their attempt to answer a repeat alike. The message is the code's sentence
 * (with `params`) unless a `message` is given.
 */
export function refusalBody(
  statusCode: number,
  code: string,
  { message, fields, params, extra }: { message?: string; fields?: { field: string; key: string }[]; params?: ErrorParams; extra?: Record<string, unknown> } = {},
): RefusalBody {
  return {
    ...extra,
    statusCode,
    error: STATUS_NAMES[statusCode] ?? 'Error',
    code,
    message: message ?? (isErrorCode(code) ? errorSentence(code, params) : code),
    ...(fields ? { fields } : {}),
    ...(params ? { params } : {}),
  };
}

/** The code a refusal answers when it names none of its own, by status. */
export const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'too_many_attempts',
  503: 'unavailable',
};

/** A code's English sentence back to its code (placeholder-free sentences only), for older throws. */
const CODE_OF_SENTENCE = new Map<string, ErrorCode>(
  (Object.entries(ERROR_MESSAGES) as [ErrorCode, string][]).filter(([, sentence]) => !sentence.includes('{{')).map(([code, sentence]) => [sentence, code]),
);

/**
 * The code of a refusal thrown the older way (`new HttpError(status, message, fields, extra)`): an
 * `extra.code`, else the first field's key, else the message when it is a code or a catalogue
 * sentence, else the status's generic code.
 */
export function codeOf(statusCode: number, message: string, fields?: { field: string; key: string }[], extra?: Record<string, unknown>): string {
  if (typeof extra?.code === 'string') return extra.code;
  const key = fields?.[0]?.key;
  if (key) return key;
  if (isErrorCode(message)) return message;
  return CODE_OF_SENTENCE.get(message) ?? STATUS_CODES[statusCode] ?? (statusCode >= 500 ? 'internal_error' : 'invalid_request');
}

/** An error the routes and services throw on purpose: its status, code and message reach the client as they are. */
export class HttpError extends Error {
  /** The stable snake_case code of the answer (@preloved/contract's ERROR_CODES). */
  public code: string;
  /** Values for the placeholders of the code's sentence, sent as `params`. */
  public params?: ErrorParams;

  constructor(
    public statusCode: number,
    message: string,
    public fields?: { field: string; key: string }[],
    /** More of the answer's body (the lost pieces of a 409). */
    public extra?: Record<string, unknown>,
  ) {
    super(message);
    this.code = codeOf(statusCode, message, fields, extra);
  }
}

/**
 * The way to refuse: a status and a code of the contract's catalogue; the English message is the
 * code's sentence with `params` filled (or `message`, when the log wants more than the sentence says).
 */
export function apiError(
  statusCode: number,
  code: ErrorCode,
  options: { params?: ErrorParams; fields?: { field: string; key: string }[]; extra?: Record<string, unknown>; message?: string } = {},
): HttpError {
  // eslint-disable-next-line no-restricted-syntax -- the one place a refusal is made
  const error = new HttpError(statusCode, options.message ?? errorSentence(code, options.params), options.fields, options.extra);
  error.code = code;
  if (options.params) error.params = options.params;
  return error;
}

const NOT_FOUND_CODES: Record<string, ErrorCode> = {
  Product: 'product_not_found',
  Seller: 'seller_not_found',
  Brand: 'brand_not_found',
  Order: 'order_not_found',
  Sale: 'sale_not_found',
  Listing: 'listing_not_found',
  Address: 'address_not_found',
  Review: 'review_not_found',
  Photo: 'photo_not_found',
  Image: 'image_not_found',
  Customer: 'customer_not_found',
  Thread: 'thread_not_found',
};

/** 404 for a thing that does not exist (or is someone else's): `<thing>_not_found`, else `not_found`. */
export const notFound = (what: string) => apiError(404, NOT_FOUND_CODES[what] ?? 'not_found', { message: `${what} not found` });

/** A 422 naming one field and its message key (also the answer's code), as schema validation answers. */
export const fieldError = (field: string, key: string) => {
  const error = apiError(422, 'unprocessable', { fields: [{ field, key }], message: sentenceFor(key, field) });
  error.code = key;
  return error;
};
