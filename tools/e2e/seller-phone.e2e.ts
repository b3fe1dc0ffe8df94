import { readFile } from 'node:fs/promises';
import { overflowOf as overflow } from './browser';
import { setUpJourney } from './journey';
import { expectSoon, soon } from './soon';

// The seller on a phone (390 px, touch, pt-PT), on the production build, real API
// and real Chromium. The demo seller Marta signs in, changes a price from "Os meus anúncios" in one
// step, reaches "Vendas" from the account's section menu, downloads the label of a sale a guest just
// made (the test carrier's label, the one the sale mail attaches), and no page is wider than the
// phone or shows English. Item 9's words on the same pages: the sort menu shows its whole choice at
// 390 px, and a seller's page reached from a product on a desktop has more than two cards a row.
// She acts the moment a control is visible; every assertion on the page is retried (soon,
// expectSoon); nothing waits for the network to be idle.

jest.setTimeout(240_000);

const journey = setUpJourney();
const url = (path: string) => `${journey.store.url}${path}`;

/** English a Portuguese seller must not read on these pages, and the HTTP client's raw words. */
const ENGLISH = /\b(Change price|Save price|Sales|Download label|Resend label|Section|Order PL|My listings|Request failed|Something went wrong)\b/;

type Piece = { listing_id: number; product_id: number; product_variant_id: number; price: number; title: string };

/** Marta's pieces on sale (she is the brand's sample seller). */
async function martasPieces(): Promise<Piece[]> {
  const brand = (await (await fetch(url('/api/brands/details?id_brand=1'))).json()) as { customerID: number };
  const vendor = (await (await fetch(url(`/api/vendors/${brand.customerID}?id_brand=1`))).json()) as { listings: Piece[] };
  return vendor.listings;
}

/** A guest buys `piece` through the API, as the checkout pages do (quote, then pay with a key); answers the order number. */
async function guestBuys(piece: Piece): Promise<string> {
  const headers = { 'content-type': 'application/json' };
  const cart = [piece.listing_id];
  const quote = (await (await fetch(url('/api/checkout/quote'), { method: 'POST', headers, body: JSON.stringify({ delivery_option: 'home', cart }) })).json()) as { total: number };
  const paid = await fetch(url('/api/checkout/payment'), {
    method: 'POST',
    headers: { ...headers, 'Idempotency-Key': `seller-phone-${Date.now()}` },
    body: JSON.stringify({
      delivery_option: 'home',
      cart,
      email: `comprador-${Date.now()}@example.com`,
      total: quote.total,
      address: { first_name: 'Inês', last_name: 'Carvalho', phone: '+351 912 345 678', address: 'Rua Augusta 10', zip_code: '1100-053', city: 'Lisboa', country: 'PT' },
      card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' },
    }),
  });
  const body = (await paid.json()) as { status: string; order_number: string };
  expect([paid.status, body.status]).toEqual([200, 'succeeded']);
  return body.order_number;
}

describe('a seller on a phone, in Portuguese', () => {
  it('changes a price from her listings, reaches "Vendas" from the section menu and downloads a sale’s label', async () => {
    const pieces = (await martasPieces()).filter((piece) => piece.price >= 10 && piece.price < 4000);
    const [sold] = pieces;
    const number = await guestBuys(sold!);

    const page = await journey.phone();
    await page.goto(url('/user/listings?lang=pt'));
    await page.getByRole('main').getByRole('button', { name: 'Iniciar sessão' }).tap();
    const panel = page.getByRole('dialog', { name: 'Iniciar sessão' });
    await panel.getByLabel('Endereço de e-mail').fill('marta@preloved.test');
    await panel.getByLabel('Palavra-passe').fill('Preloved#2026');
    await panel.getByLabel('Palavra-passe').press('Enter');

    // "Os meus anúncios": the price of a piece changed from its card, without the editor.
    await page.getByRole('heading', { name: 'Os meus anúncios' }).waitFor();
    const change = page.getByRole('button', { name: /^Alterar o preço do anúncio / }).first();
    const label = (await change.getAttribute('aria-label'))!;
    const listingNumber = /anúncio (\S+):/.exec(label)![1]!;
    const card = page.getByRole('link', { name: new RegExp(`^Anúncio ${listingNumber}:`) });
    await change.tap();
    const field = page.getByRole('form', { name: `Novo preço do anúncio ${listingNumber}` }).getByRole('textbox', { name: 'Novo preço (€)' });
    const before = Number((await field.inputValue()).replace(',', '.'));
    const after = Math.min(5000, Math.floor(before) + 3);
    await field.fill(String(after));
    await page.getByRole('button', { name: 'Guardar preço' }).tap();
    const shown = new RegExp(`^${after.toLocaleString('pt-PT', { minimumFractionDigits: 2 }).replace('.', '\\.')}\\s€$`);
    await expectSoon(page.getByText(new RegExp(`^O anúncio ${listingNumber} custa agora `))).toBeVisible();
    await expectSoon(card.getByText(shown)).toBeVisible();
    await expectSoon(page.getByRole('form', { name: `Novo preço do anúncio ${listingNumber}` })).toHaveCount(0);
    await soon(() => overflow(page)).toBeLessThanOrEqual(0);
    await soon(() => page.getByRole('main').innerText()).not.toMatch(ENGLISH);

    // "Vendas" from the account's section menu: one button naming the page shown.
    const nav = page.getByRole('navigation', { name: 'Navegação da conta' });
    await nav.getByRole('button', { name: 'Secção: Os meus anúncios' }).tap();
    await nav.getByRole('link', { name: 'Vendas' }).tap();
    await page.waitForURL(url('/user/sales'));
    await expectSoon(nav.getByRole('button', { name: 'Secção: Vendas' })).toBeVisible();

    // The sale's label, downloaded from the sale itself: the PDF the sale mail attaches.
    const sale = page.getByRole('article', { name: `Encomenda ${number}` });
    await expectSoon(sale.getByText('Por enviar')).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      sale.getByRole('button', { name: `Descarregar a etiqueta de envio da encomenda ${number} (PDF)` }).tap(),
    ]);
    expect(download.suggestedFilename()).toBe(`label-${number}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await soon(() => overflow(page)).toBeLessThanOrEqual(0);
    await soon(() => page.getByRole('main').innerText()).not.toMatch(ENGLISH);
  });

  it('the sort menu of a listing page shows its whole choice at 390 px', async () => {
    const page = await journey.phone();
    await page.goto(url('/all?lang=pt'));
    const sort = page.getByRole('combobox', { name: 'Ordenar por' });
    await sort.waitFor();
    // Every choice's words fit the select's box (its padding and arrow aside), as the select draws them.
    const cut = () =>
      sort.evaluate((select: HTMLSelectElement) => {
        const style = getComputedStyle(select);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        return [...select.options].filter((option) => context.measureText(option.text).width > room).map((option) => option.text);
      });
    await soon(cut).toEqual([]);
    await soon(() => overflow(page)).toBeLessThanOrEqual(0);
  });

  it('a seller’s page reached from a product on a desktop shows five cards a row, not two', async () => {
    const [piece] = await martasPieces();
    const page = await journey.open({ width: 1440, height: 900 });
    // A listing page first: its chunk brings the card grid's rule again, after the seller page's own.
    await page.goto(url('/all?lang=pt'));
    await page.getByRole('combobox', { name: 'Ordenar por' }).waitFor();
    await page.goto(url(`/product/${piece!.product_id}?variant=${piece!.product_variant_id}&listing=${piece!.listing_id}`));
    await page.getByRole('link', { name: /Marta/ }).first().click();
    await page.waitForURL(/\/vendor\//);
    await page.getByRole('heading', { name: /Marta/ }).waitFor();
    // The columns of the page's grid of cards (its longest list).
    const columns = () =>
      page.evaluate(() => {
        const lists = [...document.querySelectorAll('main ul')].sort((a, b) => b.children.length - a.children.length);
        return lists[0] ? getComputedStyle(lists[0]).gridTemplateColumns.split(' ').length : 0;
      });
    await soon(columns).toBe(5);
  });
});
