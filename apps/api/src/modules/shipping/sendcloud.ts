import { createHmac, timingSafeEqual } from 'node:crypto';

// Sendcloud's REST API (v2, https://panel.sendcloud.sc/api/v2), the calls the store makes:
//   POST /parcels                          a parcel with `request_label: true`: the label is bought at once
//   GET  /parcels?external_reference=…     the parcel a try that died half-way already bought
//   GET  /parcels/{id}                     the parcel's status now (the polling fallback)
//   GET  /labels/normal_printer/{id}       the label as an A4 PDF (a seller prints at home)
//   POST /parcels/{id}/cancel              a cancelled sale's label, not used: Sendcloud credits it
// Authentication is HTTP Basic with the integration's public and secret keys. Sendcloud ships no
// Node SDK of its own; this is a thin typed client over fetch. Its webhook (`parcel_status_changed`)
// is signed with HMAC-SHA256 of the raw body (header Sendcloud-Signature, hex), verified below.

/** A parcel as Sendcloud answers it (the fields the store reads). */
export interface SendcloudParcel {
  id: number;
  tracking_number: string;
  tracking_url: string;
  external_reference?: string | null;
  order_number?: string;
  carrier: { code: string };
  status: { id: number; message: string };
  label: { label_printer: string; normal_printer: string[] } | null;
}

/** What the store asks Sendcloud to ship. */
export interface NewParcel {
  /** `preloved-package-<id>`: the same package never gets two parcels (a retry finds the first). */
  externalReference: string;
  orderNumber: string;
  weightGrams: number;
  shippingMethodId: number;
  to: { name: string; companyName?: string; address: string; address2: string; city: string; postalCode: string; country: string; telephone: string; email: string };
  from: { name: string; address: string; address2: string; city: string; postalCode: string; country: string; telephone: string; email: string } | null;
  servicePointId: number | null;
  senderAddressId: number | null;
}

/**
 * Sendcloud did not do it. `retry`: it may work later (unreachable, timed out, 429, 5xx); otherwise
 * Sendcloud refused the request itself (a 4xx: an address it cannot ship to, a method not in the contract).
 */
export class SendcloudError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/** The statuses (Sendcloud's parcel status ids) in which the carrier has the parcel: it left the seller. */
export const IN_TRANSIT_STATUSES: ReadonlySet<number> = new Set([3, 4, 5, 6, 7, 8, 12, 22, 80, 91, 92]);
/** Delivered home (11) or collected by the buyer at the pickup point (93); "awaiting customer pickup" (12) is not yet. */
export const DELIVERED_STATUSES: ReadonlySet<number> = new Set([11, 93]);

/** The HMAC-SHA256 (hex) Sendcloud sends in Sendcloud-Signature for this body. */
export const sendcloudSignature = (body: Buffer | string, secret: string) => createHmac('sha256', secret).update(body).digest('hex');

/** Whether the header is Sendcloud's signature of exactly these bytes (a constant-time compare). */
export function verifySendcloudSignature(body: Buffer, header: string | undefined, secret: string): boolean {
  if (!header || !/^[0-9a-f]{64}$/i.test(header.trim())) return false;
  const expected = Buffer.from(sendcloudSignature(body, secret), 'hex');
  return timingSafeEqual(expected, Buffer.from(header.trim().toLowerCase(), 'hex'));
}

/** `PT-PT-home:8,PT-ES-pickup:9` → the method id of each route and delivery option. */
export function parseShippingMethods(text: string | undefined): Map<string, number> {
  const methods = new Map<string, number>();
  for (const part of (text ?? '').split(',')) {
    const match = /^\s*([A-Z]{2}-[A-Z]{2}-(?:home|pickup)):(\d+)\s*$/.exec(part);
    if (match) methods.set(match[1]!, Number(match[2]));
  }
  return methods;
}

export function sendcloudClient(options: { url: string; publicKey: string; secretKey: string; timeoutMs?: number }) {
  const base = options.url.replace(/\/$/, '');
  const authorization = `Basic ${Buffer.from(`${options.publicKey}:${options.secretKey}`).toString('base64')}`;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { authorization, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
      });
    } catch (error) {
      throw new SendcloudError(`Sendcloud unreachable: ${error instanceof Error ? error.message : String(error)}`, null, true);
    }
    if (!response.ok) {
      // Sendcloud's error body: { "error": { "code": 412, "request": "api/v2/parcels", "message": "…" } }
      // (a refused cancellation: { "status": "failed", "message": "…" })
      const text = await response.text().catch(() => '');
      let message = text.slice(0, 300);
      try {
        const body = JSON.parse(text) as { error?: { message?: unknown }; message?: unknown };
        message = String(body.error?.message ?? body.message ?? message);
      } catch {
        // not JSON: the text as it came
      }
      throw new SendcloudError(`Sendcloud ${method} ${path}: ${response.status} ${message}`, response.status, response.status === 429 || response.status >= 500);
    }
    return response;
  }
  const json = async <T>(response: Response): Promise<T> => {
    try {
      return (await response.json()) as T;
    } catch {
      throw new SendcloudError('Sendcloud answered no JSON', response.status, true);
    }
  };

  return {
    /** Creates the parcel and buys its label (`request_label: true`). */
    async createParcel(parcel: NewParcel): Promise<SendcloudParcel> {
      const body = {
        parcel: {
          name: parcel.to.name,
          ...(parcel.to.companyName ? { company_name: parcel.to.companyName } : {}),
          address: parcel.to.address,
          address_2: parcel.to.address2,
          city: parcel.to.city,
          postal_code: parcel.to.postalCode,
          country: parcel.to.country,
          telephone: parcel.to.telephone,
          email: parcel.to.email,
          ...(parcel.from
            ? {
                from_name: parcel.from.name,
                from_address_1: parcel.from.address,
                from_address_2: parcel.from.address2,
                from_city: parcel.from.city,
                from_postal_code: parcel.from.postalCode,
                from_country: parcel.from.country,
                from_telephone: parcel.from.telephone,
                from_email: parcel.from.email,
              }
            : {}),
          ...(parcel.senderAddressId !== null ? { sender_address: parcel.senderAddressId } : {}),
          ...(parcel.servicePointId !== null ? { to_service_point: parcel.servicePointId } : {}),
          weight: (parcel.weightGrams / 1000).toFixed(3),
          order_number: parcel.orderNumber,
          external_reference: parcel.externalReference,
          shipment: { id: parcel.shippingMethodId },
          request_label: true,
          apply_shipping_rules: false,
        },
      };
      const answer = await json<{ parcel?: SendcloudParcel }>(await call('POST', '/parcels', body));
      if (!answer.parcel) throw new SendcloudError('Sendcloud answered no parcel', 200, true);
      return answer.parcel;
    },
    /** The parcel created with this external reference, if any. */
    async findParcel(externalReference: string): Promise<SendcloudParcel | null> {
      const answer = await json<{ parcels?: SendcloudParcel[] }>(await call('GET', `/parcels?external_reference=${encodeURIComponent(externalReference)}`));
      return answer.parcels?.find((parcel) => parcel.external_reference === externalReference) ?? null;
    },
    async parcel(id: number): Promise<SendcloudParcel> {
      const answer = await json<{ parcel?: SendcloudParcel }>(await call('GET', `/parcels/${id}`));
      if (!answer.parcel) throw new SendcloudError('Sendcloud answered no parcel', 200, true);
      return answer.parcel;
    },
    /**
     * Cancels an unused label (Sendcloud credits a label cancelled before the carrier has the parcel):
     * `cancelled` (done, or queued: Sendcloud confirms with status 2000 later), or `refused` with
     * Sendcloud's reason (the parcel is on its way, or was cancelled already).
     */
    async cancelParcel(id: number): Promise<{ outcome: 'cancelled' } | { outcome: 'refused'; message: string }> {
      try {
        await call('POST', `/parcels/${id}/cancel`, {});
        return { outcome: 'cancelled' };
      } catch (error) {
        if (error instanceof SendcloudError && !error.retry && error.status !== null && error.status < 500 && error.status !== 401) {
          return { outcome: 'refused', message: error.message };
        }
        throw error;
      }
    },
    /** The label of a parcel as an A4 PDF (Sendcloud's normal_printer format). */
    async labelPdf(id: number): Promise<Buffer> {
      const response = await call('GET', `/labels/normal_printer/${id}?start_from=0`);
      return Buffer.from(await response.arrayBuffer());
    },
  };
}
export type SendcloudClient = ReturnType<typeof sendcloudClient>;
