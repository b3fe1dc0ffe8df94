import { OrderDetail, PaymentResult, PickupPointList } from '@preloved/contract';
import { PDFDocument } from 'pdf-lib';
import { mailedTestApp, type MailedTestApp } from '../../test/app';
import { fillBag, inject, key, listings, payment, quotedTotal, shopper } from '../../test/checkout';
import { nextTrackingNumber } from '../../test/wallet';
import { decodedBody as decoded } from '../../../../../tools/test-support/smtp';
import { correosTrackingNumber } from './tracking-numbers';

// Spain's pickup points (issue 48, migration 065): a Spanish address is offered Spain's points only,
// which are in Correos' network; a package for one goes with Correos — its label says so, the seller's
// number must be a Correos code to that point's postcode, and the buyer's order and mail link to Correos.
// The parcel goes straight to the buyer's point (VERIFICATION_MODE=none): the hub's parcels are its own.

let ctx: MailedTestApp['ctx'];
let smtp: MailedTestApp['smtp'];
mailedTestApp({ PUBLIC_URL: 'http://shop.test', VERIFICATION_MODE: 'none' }, {}, (store) => ({ ctx, smtp } = store));

const points = async (query: string) => {
  const response = await inject(ctx.app, 'GET', `checkout/pickuppoints?${query}`);
  expect(response.statusCode).toBe(200);
  return PickupPointList.parse(response.json()).pickup_points;
};

const MADRID_ADDRESS = {
  first_name: 'Lucía',
  last_name: 'García',
  phone: '+34 612 345 678',
  address: 'Calle de Alcalá 100',
  address2: '',
  zip_code: '28009',
  city: 'Madrid',
  country: 'ES',
};

describe('pickup points by the delivery country', () => {
  it('gives a Spanish address Spain’s points only, Correos’, nearest its postcode (Barcelona for 08…), else from Madrid', async () => {
    const spain = await points('country=ES&limit=100');
    expect(spain.length).toBeGreaterThanOrEqual(15);
    expect(new Set(spain.map((point) => point.country))).toEqual(new Set(['ES']));
    expect(new Set(spain.map((point) => point.carrier))).toEqual(new Set(['correos']));
    for (const city of ['Madrid', 'Barcelona', 'Valencia', 'Sevilla']) expect(spain.some((point) => point.city === city)).toBe(true);
    for (const point of spain) expect(point.zip_code).toMatch(/^\d{5}$/);
    expect(spain[0]!.city).toBe('Madrid');
    expect((await points('country=ES&zip_code=08008&limit=3')).map((point) => point.city)).toEqual(['Barcelona', 'Barcelona', 'Barcelona']);
    expect((await points('country=es&zip_code=41010&limit=1'))[0]!.city).toBe('Sevilla');
    // A search by place stays in the country: Portugal's "Avenida da República" is not Spain's.
    expect(await points('country=ES&q=republica')).toEqual([]);
  });

  it('gives a Portuguese address Portugal’s points only, CTT’s, as before', async () => {
    const portugal = await points('country=PT&limit=100');
    expect(portugal.length).toBeGreaterThanOrEqual(20);
    expect(new Set(portugal.map((point) => point.country))).toEqual(new Set(['PT']));
    expect(new Set(portugal.map((point) => point.carrier))).toEqual(new Set(['ctt']));
    expect(portugal[0]!.city).toBe('Lisboa');
    // Without a country (an older page): every point, from Lisbon.
    const all = await points('limit=500');
    expect(all.length).toBe(portugal.length + (await points('country=ES&limit=500')).length);
  });
});

describe('a package for a Spanish pickup point', () => {
  it('goes with Correos: its label names Correos, only a Correos code to the point’s postcode ships it, and the order and the mail link to Correos', async () => {
    const [point] = await points('country=ES&zip_code=28009&limit=1');
    expect(point).toMatchObject({ city: 'Madrid', carrier: 'correos' });

    const seller = await shopper(ctx.app);
    const buyer = await shopper(ctx.app);
    const [piece] = await listings(ctx.db, 1, { notSeller: buyer.id, skip: 300 });
    await ctx.db.query('UPDATE listings SET seller_id = $1 WHERE id = $2', [seller.id, piece!.id]);
    await fillBag(ctx.db, buyer.id, [piece!.id]);
    const delivery = { delivery_option: 'pickup', pickup_point_id: point!.id };
    const total = await quotedTotal(ctx.app, delivery, buyer.token);
    const paid = await inject(ctx.app, 'POST', 'checkout/payment', { token: buyer.token, idempotencyKey: key(), body: payment(total, { ...delivery, address: MADRID_ADDRESS }) });
    expect(paid.statusCode).toBe(200);
    const { order_id: orderId, order_number: orderNumber } = PaymentResult.parse(paid.json());

    // The buyer's order names the Spanish point.
    const placed = OrderDetail.parse((await inject(ctx.app, 'GET', `orders/${orderId}`, { token: buyer.token })).json());
    expect(placed.pickup_point).toMatchObject({ id: point!.id, name: point!.name, country: 'ES', carrier: 'correos' });

    // The seller's label: to the point, with Correos.
    const sales = (await inject(ctx.app, 'GET', 'sales', { token: seller.token })).json<{ sales: { id: number; order_number: string }[] }>();
    const pkg = sales.sales.find((sale) => sale.order_number === orderNumber)!;
    const label = await inject(ctx.app, 'GET', `sales/${pkg.id}/label`, { token: seller.token });
    expect(label.statusCode).toBe(200);
    expect((await PDFDocument.load(label.rawPayload)).getSubject()).toBe('Ship with Correos');

    // A CTT number, or a Correos code to another postcode, is not this package's.
    for (const wrong of [nextTrackingNumber(), correosTrackingNumber(4711, '08008')]) {
      const refused = await inject(ctx.app, 'POST', `sales/${pkg.id}/shipped`, { token: seller.token, body: { tracking_number: wrong } });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ fields: [{ field: 'tracking_number', key: 'tracking_number_wrong_carrier' }] });
    }
    const before = smtp.received.length;
    const number = correosTrackingNumber(4711, point!.zip_code);
    const shipped = await inject(ctx.app, 'POST', `sales/${pkg.id}/shipped`, { token: seller.token, body: { tracking_number: number.toLowerCase() } });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({ carrier: 'correos', tracking_number: number });

    const correosPage = `https://www.correos.es/es/es/herramientas/localizador/envios/detalle?tracking-number=${number}`;
    const order = OrderDetail.parse((await inject(ctx.app, 'GET', `orders/${orderId}`, { token: buyer.token })).json());
    expect(order.tracking).toEqual([{ number, carrier: 'correos', url: correosPage }]);
    const mail = decoded((await smtp.mailTo(buyer.email, before, /is on its way/)).raw);
    expect(mail).toContain(`Correos`);
    expect(mail).toContain(number);
    expect(mail).toContain(correosPage);
  });

  it('a package for a Portuguese point still goes with CTT: a Correos code is refused, a CTT number ships it', async () => {
    const [point] = await points('country=PT&zip_code=1100-053&limit=1');
    const seller = await shopper(ctx.app);
    const buyer = await shopper(ctx.app);
    const [piece] = await listings(ctx.db, 1, { notSeller: buyer.id, skip: 310 });
    await ctx.db.query('UPDATE listings SET seller_id = $1 WHERE id = $2', [seller.id, piece!.id]);
    await fillBag(ctx.db, buyer.id, [piece!.id]);
    const delivery = { delivery_option: 'pickup', pickup_point_id: point!.id };
    const total = await quotedTotal(ctx.app, delivery, buyer.token);
    const paid = await inject(ctx.app, 'POST', 'checkout/payment', { token: buyer.token, idempotencyKey: key(), body: payment(total, delivery) });
    expect(paid.statusCode).toBe(200);
    const sales = (await inject(ctx.app, 'GET', 'sales', { token: seller.token })).json<{ sales: { id: number }[] }>();
    const pkg = sales.sales[0]!;
    const label = await inject(ctx.app, 'GET', `sales/${pkg.id}/label`, { token: seller.token });
    expect((await PDFDocument.load(label.rawPayload)).getSubject()).toBe('Ship with CTT');
    const refused = await inject(ctx.app, 'POST', `sales/${pkg.id}/shipped`, { token: seller.token, body: { tracking_number: correosTrackingNumber(4712, '28013') } });
    expect(refused.statusCode).toBe(422);
    const shipped = await inject(ctx.app, 'POST', `sales/${pkg.id}/shipped`, { token: seller.token, body: { tracking_number: nextTrackingNumber() } });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({ carrier: 'ctt' });
  });
});
