import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cttTrackingNumber } from '../modules/shipping/tracking-numbers';
import { sendcloudSignature } from '../modules/shipping/sendcloud';

// A local stand-in for Sendcloud's REST API v2, for the tests: no network reaches Sendcloud
// here. It answers the calls the store's adapter makes (POST /parcels with request_label, GET /parcels
// filtered by external_reference, GET /parcels/{id}, GET /labels/normal_printer/{id}) with the shapes of
// Sendcloud's API reference (the parcel object: id, tracking_number, tracking_url, carrier.code,
// status {id, message}, label {label_printer, normal_printer}, shipment, country, …; errors as
// { error: { code, request, message } }), checks HTTP Basic with the integration's keys, keeps state, and
// signs the webhook reports a test sends (`report`) as Sendcloud does: HMAC-SHA256 of the body with the
// integration's secret key, hex, in Sendcloud-Signature.

type Json = Record<string, unknown>;
const STATUS_MESSAGES: Record<number, string> = {
  1: 'Announced', 3: 'En route to sorting center', 5: 'Sorted', 11: 'Delivered', 12: 'Awaiting customer pickup', 22: 'Shipment picked up by driver',
  91: 'Parcel en route', 92: 'Driver en route', 93: 'Shipment collected by customer', 1000: 'Ready to send', 2000: 'Cancelled',
};
const COUNTRIES: Record<string, { iso_3: string; name: string }> = { PT: { iso_3: 'PRT', name: 'Portugal' }, ES: { iso_3: 'ESP', name: 'Spain' } };

/** The shipping methods of the stand-in's account: id → carrier and name (tests map routes to them). */
export const SENDCLOUD_TEST_METHODS: Record<number, { carrier: string; name: string }> = {
  8: { carrier: 'ctt', name: 'CTT Expresso 0-2kg' },
  9: { carrier: 'ctt', name: 'CTT Pickup 0-2kg' },
  10: { carrier: 'correos_express', name: 'Correos Express Paq 24' },
  11: { carrier: 'dpd', name: 'DPD Classic' },
};
/** SENDCLOUD_SHIPPING_METHODS for the stand-in's account. */
export const SENDCLOUD_TEST_ROUTES = 'PT-PT-home:8,PT-PT-pickup:9,PT-ES-home:10,PT-ES-pickup:10,ES-PT-home:11,ES-ES-home:11';

export interface SendcloudCall {
  method: string;
  path: string;
  body: Json | null;
}

export async function sendcloudServer(keys = { publicKey: 'sendcloud-test-public', secretKey: 'sendcloud-test-secret' }) {
  const parcels = new Map<number, Json>();
  const calls: SendcloudCall[] = [];
  let nextId = 100_000 + Math.floor(Math.random() * 1000) * 1000;
  let serial = Math.floor(Math.random() * 50_000_000);
  let failing = 0;
  let url = '';

  const error = (status: number, request: string, message: string) => ({ status, body: { error: { code: status, request, message } } });

  function createParcel(input: Json): { status: number; body: unknown } {
    const request = 'api/v2/parcels';
    const missing = ['name', 'address', 'city', 'postal_code', 'country'].filter((field) => typeof input[field] !== 'string' || !(input[field] as string).trim());
    if (missing.length) return error(400, request, `${missing[0]}: This field is required.`);
    const country = String(input.country).toUpperCase();
    if (!COUNTRIES[country]) return error(400, request, `country: "${country}" is not a valid choice.`);
    const method = SENDCLOUD_TEST_METHODS[Number((input.shipment as Json | undefined)?.id)];
    if (input.request_label === true && !method) return error(400, request, 'shipment: Invalid shipping method.');
    const weight = Number(input.weight);
    if (!(weight > 0 && weight <= 30)) return error(400, request, 'weight: Ensure this value is between 0.001 and 30.');
    const reference = typeof input.external_reference === 'string' ? input.external_reference : null;
    if (reference && [...parcels.values()].some((parcel) => parcel.external_reference === reference)) {
      return error(400, request, 'external_reference: Parcel with this external reference already exists.');
    }
    const id = nextId++;
    const carrier = method?.carrier ?? 'sendcloud';
    const tracking = carrier === 'ctt' ? cttTrackingNumber(serial++ % 100_000_000) : `${carrier === 'dpd' ? '0' : '3'}${String(serial++).padStart(13, '0')}`;
    const hash = randomBytes(20).toString('hex');
    const labelled = input.request_label === true;
    const parcel: Json = {
      id,
      name: input.name,
      company_name: input.company_name ?? '',
      contract: null,
      address: input.address,
      address_divided: { street: input.address, house_number: '' },
      address_2: input.address_2 ?? '',
      city: input.city,
      postal_code: input.postal_code,
      telephone: input.telephone ?? '',
      email: input.email ?? '',
      date_created: new Date().toISOString(),
      date_updated: new Date().toISOString(),
      date_announced: labelled ? new Date().toISOString() : null,
      tracking_number: labelled ? tracking : '',
      tracking_url: labelled ? `https://tracking.sendcloud.sc/forward?carrier=${carrier}&code=${tracking}&destination=${country}&lang=en&source=PT&type=parcel&verification=${encodeURIComponent(String(input.postal_code))}` : '',
      weight: weight.toFixed(3),
      label: labelled ? { normal_printer: [0, 1, 2, 3].map((start) => `${url}/labels/normal_printer/${id}?start_from=${start}&hash=${hash}`), label_printer: `${url}/labels/label_printer/${id}?hash=${hash}` } : null,
      customs_declaration: {},
      status: labelled ? { id: 1000, message: STATUS_MESSAGES[1000] } : { id: 999, message: 'No label' },
      data: {},
      country: { iso_2: country, ...COUNTRIES[country]! },
      shipment: method ? { id: Number((input.shipment as Json).id), name: method.name } : null,
      carrier: { code: carrier },
      order_number: input.order_number ?? '',
      external_reference: reference,
      to_service_point: input.to_service_point ?? null,
      sender_address: input.sender_address ?? null,
      from_name: input.from_name ?? null,
      from_country: input.from_country ?? null,
      is_return: false,
      type: 'parcel',
    };
    parcels.set(id, parcel);
    return { status: 200, body: { parcel } };
  }

  function answer(method: string, address: URL, body: Json | null): { status: number; body: unknown; pdf?: Buffer } {
    const parts = address.pathname.split('/').filter(Boolean);
    const request = `api/v2${address.pathname}`;
    if (method === 'POST' && address.pathname === '/parcels') {
      const input = body?.parcel;
      if (!input || typeof input !== 'object') return error(400, request, 'parcel: This field is required.');
      return createParcel(input as Json);
    }
    if (method === 'GET' && address.pathname === '/parcels') {
      const reference = address.searchParams.get('external_reference');
      const list = [...parcels.values()].filter((parcel) => reference === null || parcel.external_reference === reference);
      return { status: 200, body: { next: null, previous: null, parcels: list } };
    }
    if (method === 'GET' && parts[0] === 'parcels' && parts[1] && parts.length === 2) {
      const parcel = parcels.get(Number(parts[1]));
      return parcel ? { status: 200, body: { parcel } } : error(404, request, 'No Parcel matches the given query.');
    }
    if (method === 'POST' && parts[0] === 'parcels' && parts[1] && parts[2] === 'cancel') {
      const parcel = parcels.get(Number(parts[1]));
      if (!parcel) return error(404, request, 'No Parcel matches the given query.');
      const status = (parcel.status as { id: number }).id;
      // Sendcloud's answers: an announced label's cancellation is queued (status 1999, then 2000 once the carrier agrees).
      if (status === 1999 || status === 2000) return { status: 400, body: { status: 'failed', message: 'This parcel is already cancelled.' } };
      if (![1000, 999, 1].includes(status)) return { status: 400, body: { status: 'failed', message: 'Shipped parcels, or parcels being shipped, can no longer be cancelled.' } };
      parcel.status = { id: 1999, message: 'Cancellation requested' };
      return { status: 202, body: { status: 'queued', message: 'Parcel cancellation has been queued' } };
    }
    if (method === 'GET' && parts[0] === 'labels' && parts[1] === 'normal_printer' && parts[2]) {
      const parcel = parcels.get(Number(parts[2]));
      if (!parcel?.label) return error(404, request, 'No label found.');
      return { status: 200, body: null, pdf: Buffer.from(`%PDF-1.4\n% Sendcloud stand-in label for parcel ${String(parcel.id)} ${String(parcel.tracking_number)}\n%%EOF\n`) };
    }
    return error(404, request, 'Not found.');
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    const address = new URL(request.url ?? '/', 'http://sendcloud.local');
    let body: Json | null;
    try {
      body = text ? (JSON.parse(text) as Json) : null;
    } catch {
      body = null;
    }
    calls.push({ method: request.method ?? 'GET', path: `${address.pathname}${address.search}`, body });
    if (failing > 0) {
      failing--;
      response.writeHead(503, { 'Content-Type': 'text/html' });
      response.end('<html><body><h1>503 Service Unavailable</h1></body></html>');
      return;
    }
    const expected = `Basic ${Buffer.from(`${keys.publicKey}:${keys.secretKey}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      const refused = error(401, `api/v2${address.pathname}`, 'Invalid username/password.');
      response.writeHead(401, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(refused.body));
      return;
    }
    const reply = answer(request.method ?? 'GET', address, body);
    if (reply.pdf) {
      response.writeHead(200, { 'Content-Type': 'application/pdf' });
      response.end(reply.pdf);
      return;
    }
    response.writeHead(reply.status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(reply.body));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((failure: unknown) => {
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: { code: 500, request: request.url, message: String(failure) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const parcelOf = (id: number) => {
    const parcel = parcels.get(id);
    if (!parcel) throw new Error(`no parcel ${id}`);
    return parcel;
  };

  const setStatus = (id: number, statusId: number) => {
    parcelOf(id).status = { id: statusId, message: STATUS_MESSAGES[statusId] ?? `Status ${statusId}` };
  };

  return {
    url,
    keys,
    calls,
    parcels,
    /** Sendcloud fails (503, an HTML page as its proxy answers) for the next `count` requests. */
    fail(count: number) {
      failing = count;
    },
    /** The carrier moved the parcel: its status now (GET /parcels/{id} answers it). */
    setStatus,
    /**
     * The webhook Sendcloud sends when the parcel's status changes (and sets it): the raw body and its
     * signature (with `secret`, the integration's secret key unless a test forges one).
     */
    report(id: number, statusId: number, options: { at?: Date; secret?: string } = {}): { body: string; signature: string } {
      setStatus(id, statusId);
      const at = (options.at ?? new Date()).getTime();
      const body = JSON.stringify({ action: 'parcel_status_changed', timestamp: at, carrier_status_change_timestamp: at, parcel: parcelOf(id) });
      return { body, signature: sendcloudSignature(body, options.secret ?? keys.secretKey) };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type SendcloudServer = Awaited<ReturnType<typeof sendcloudServer>>;
