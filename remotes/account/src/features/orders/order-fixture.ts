import type { OrderDetail } from '@preloved/contract';

const address = {
  name: '',
  first_name: 'Ana',
  last_name: 'Silva',
  phone: '+351 912 345 678',
  address: 'Rua Augusta 10',
  address2: '',
  zip_code: '1100-053',
  city: 'Lisboa',
  country: 'PT',
};

/** An order as GET /api/orders/:id answers it, paid and not shipped yet. */
export const paidOrder: OrderDetail = {
  id: 41,
  number: 'PL-000041',
  date: '2026-11-20T10:00:00.000Z',
  total: 57.3,
  currency_symb_code: 'EUR',
  status: 'paid',
  title: '',
  photo: '',
  pieces: 0,
  tracking: [],
  subtotal: 45,
  fees: { processing: 2.95, verification: 1.5, shipping: 3.9, delivery: 2.5, discount: 0, bundle_discount: 0 },
  products: [],
  packages: [
    {
      id: 7,
      seller: 'Maria',
      ship_by: '2026-11-27',
      shipped_at: null,
      tracking_number: null,
      products: [{ listing_id: 3, title: 'Wool coat', photo: '/img/coat.jpg', options: { O1Child: 'Camel', O2Child: 'M' }, price: 45 }],
    },
  ],
  shipped_by: '2026-11-27',
  delivery_date: '2026-12-01',
  delivery_date_estimated: true,
  tracking_number: null,
  delivery_option: 'home',
  pickup_point: null,
  delivery_address: address,
  billing_address: { ...address, address: 'Rua do Ouro 1' },
  email: 'ana@example.com',
  payment: { provider: 'test', card_brand: 'Visa', card_last4: '4242', amount: 57.3 },
  review: null,
  can_review: false,
};
paidOrder.products = paidOrder.packages.flatMap((pack) => pack.products);

export const shippedOrder: OrderDetail = {
  ...paidOrder,
  status: 'shipped',
  tracking_number: 'CT123PT',
  packages: paidOrder.packages.map((pack) => ({ ...pack, shipped_at: '2026-11-24T09:00:00.000Z', tracking_number: 'CT123PT' })),
};

export const deliveredOrder: OrderDetail = { ...shippedOrder, status: 'delivered', delivery_date: '2026-11-26', delivery_date_estimated: false, can_review: true };
