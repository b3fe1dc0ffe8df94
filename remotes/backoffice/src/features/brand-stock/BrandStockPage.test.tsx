import type { BrandCatalogue, BrandOrders, BrandStockList } from '@preloved/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { api, server } from '../../../../../tools/jest/msw-server';
import { renderConsolePage } from '../../lib/test-console';
import { BrandStockPage } from './BrandStockPage';

const catalogue: BrandCatalogue = { children: [{ child_id: 31, product_id: 4, product_code: '4-31', title: 'Linen dress', colour: 'Ecru', size: 'M', original_price: 89 }] };
const stock: BrandStockList = { pieces: [] };
const orders: BrandOrders = {
  to_send: [{ package_id: 7, order_id: 3, order_number: 'PL-000003', placed_at: '2026-11-02T10:00:00Z', pieces: [{ listing_id: 9, title: 'Linen dress', size: 'M' }], shipped_at: null, tracking_number: null }],
  returns: [{ return_id: 5, order_id: 2, order_number: 'PL-000002', listing_id: 8, title: 'Wool coat', requested_at: '2026-11-03T10:00:00Z', tracking_number: 'PLR000000001', received_at: null, refunded: null, relisted_as: null }],
};

describe('BrandStockPage (/backoffice/brand-stock)', () => {
  let posted: unknown[];
  beforeEach(() => {
    posted = [];
    let uploads = 0;
    server.use(
      http.get(api('/backoffice/brand-stock/catalogue'), () => HttpResponse.json(catalogue)),
      http.get(api('/backoffice/brand-stock'), () => HttpResponse.json(stock)),
      http.get(api('/backoffice/brand-stock/orders'), () => HttpResponse.json(orders)),
      http.post(api('/backoffice/brand-stock/photos'), () => {
        uploads += 1;
        return HttpResponse.json({ url: `/api/photos/${String(uploads).padStart(32, 'a')}.webp`, card_url: '', width: 400, height: 500 }, { status: 201 });
      }),
      http.post(api('/backoffice/brand-stock'), async ({ request }) => {
        const body = (await request.json()) as { pieces: { price: number }[] };
        posted.push(body);
        if (body.pieces[0]!.price > 5000) {
          return HttpResponse.json(
            { statusCode: 422, error: 'Unprocessable Entity', code: 'brand_stock_price', message: 'Row 1: A price from €5 to €5,000.', fields: [{ field: 'pieces.0.price', key: 'brand_stock_price' }] },
            { status: 422 },
          );
        }
        return HttpResponse.json({ listings: [{ listing_id: 90, number: 'SL-000090' }] });
      }),
    );
  });

  it('lets a moderator find a product, prepare a piece with photos and list it; a refused row says why next to its field', async () => {
    const user = userEvent.setup();
    renderConsolePage(<BrandStockPage />, { role: 'moderator' });
    await user.type(await screen.findByRole('textbox', { name: 'Product code or name' }), 'linen');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await user.click(await screen.findByRole('button', { name: 'Add Linen dress, Ecru, size M' }));
    const piece = screen.getByRole('listitem', { name: 'Piece 1: Linen dress, Ecru, size M' });
    await user.selectOptions(within(piece).getByRole('combobox', { name: 'Source' }), 'trade_in');
    await user.type(within(piece).getByRole('textbox', { name: 'Price (€)' }), '9000');
    await user.type(within(piece).getByRole('textbox', { name: 'Paid to the customer (€)' }), '20');
    const files = [new File(['a'], 'front.jpg', { type: 'image/jpeg' }), new File(['b'], 'back.jpg', { type: 'image/jpeg' })];
    await user.upload(within(piece).getByLabelText('Photos (2 to 4)'), files);
    expect(await within(piece).findByRole('img', { name: 'Photo 2 of piece 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'List 1 piece' }));
    expect(await within(piece).findByRole('textbox', { name: 'Price (€)' })).toHaveAccessibleDescription('A price from €5 to €5,000.');
    const price = within(piece).getByRole('textbox', { name: 'Price (€)' });
    await user.clear(price);
    await user.type(price, '45');
    await user.click(screen.getByRole('button', { name: 'List 1 piece' }));
    expect(await screen.findByText('1 piece is on sale.')).toBeInTheDocument();
    expect(posted.at(-1)).toEqual({ pieces: [expect.objectContaining({ child_id: 31, price: 45, source: 'trade_in', acquired: 20, photos: [expect.stringMatching(/^\/api\/photos\//), expect.stringMatching(/^\/api\/photos\//)] })] });
    // A moderator lists pieces; the parcels and the margin scheme are other teams'.
    expect(screen.queryByRole('heading', { name: 'Parcels and returns' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Margin scheme' })).not.toBeInTheDocument();
  });

  it('shows support the parcels to send and the returns to receive, without the listing form', async () => {
    const sent: string[] = [];
    server.use(
      http.post(api('/backoffice/brand-stock/returns/5/received'), async ({ request }) => {
        sent.push(JSON.stringify(await request.json()));
        return HttpResponse.json({ ...orders, returns: [{ ...orders.returns[0]!, received_at: '2026-11-05T10:00:00Z', refunded: 61.1 }] });
      }),
    );
    const user = userEvent.setup();
    renderConsolePage(<BrandStockPage />, { role: 'support' });
    expect(await screen.findByRole('button', { name: 'Mark order PL-000003 sent' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark the return of Wool coat received' }));
    expect(await screen.findByText('Return received: the buyer is refunded €61.10.')).toBeInTheDocument();
    expect(sent).toEqual(['{"relist":true}']);
    expect(screen.queryByRole('heading', { name: 'List pieces' })).not.toBeInTheDocument();
  });
});
