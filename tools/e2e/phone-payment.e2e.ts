import type { Page } from 'playwright-core';
import { overflowOf as overflow } from './browser';
import { setUpJourney } from './journey';
import { expectSoon, soon } from './soon';

// Trust on a phone at payment. A Portuguese shopper on a phone (390 px, touch, pt-PT)
// comes in by a mail link's ?lang=pt and buys as a guest on the production build, real API and real
// Chromium: the language sticks without the parameter, the card is typed on a numeric keypad, a
// dropped answer at "Pagar" says what may have happened in Portuguese and paying again reuses the
// same Idempotency-Key, Back after paying shows the order, and going offline on the way to the
// review keeps the delivery chosen. The shopper acts the moment a control is visible; every
// assertion on the page is retried (soon, expectSoon); nothing waits for the network to be idle.

jest.setTimeout(180_000);

const journey = setUpJourney();
const url = (path: string) => `${journey.store.url}${path}`;
/** A phone: 390 px wide, touch, a Portuguese (Portugal) browser. */
const phone = () => journey.phone();

/** The paths of product pages with a listing, as the catalogue lists them. */
async function productPaths(): Promise<string[]> {
  const answer = (await (await fetch(url('/api/products/listings/all?limit=0&id_brand=1'))).json()) as {
    products_listings: { product_id: number; product_variant_id: number }[];
  };
  return answer.products_listings.map((card) => `/product/${card.product_id}?variant=${card.product_variant_id}`);
}

/** The words a page shows that a Portuguese shopper must never read: the HTTP client's, a URL, English. */
const RAW = /Request failed|network error|https?:\/\/|\bPOST\b|\bGET\b|Something went wrong|payment|checkout/;

/** From a mail link (?lang=pt) to a product: its first listing in the bag, and the bag's "Finalizar compra" as a guest. */
async function toCheckout(page: Page, path: string, email: string): Promise<void> {
  await page.goto(url(`${path}&lang=pt`));
  await page.getByRole('listitem').filter({ hasText: 'Anunciado por' }).first().getByRole('button', { name: /^Adicionar ao saco/ }).tap();
  await page.getByRole('dialog', { name: 'Saco de compras (1)' }).getByRole('button', { name: 'Finalizar compra' }).tap();
  await page.getByRole('button', { name: 'Continuar como convidado' }).tap();
  await page.waitForURL(url('/checkout'));
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await fillAddressInPortuguese(page);
}

/** A home delivery to Lisbon, typed into the delivery form in Portuguese. */
async function fillAddressInPortuguese(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Primeiro nome' }).fill('Rita');
  await page.getByRole('textbox', { name: 'Apelido' }).fill('Sousa');
  await page.getByRole('textbox', { name: 'Telefone' }).fill('912345678');
  await page.getByRole('textbox', { name: 'Morada', exact: true }).fill('Rua Garrett 10');
  await page.getByRole('textbox', { name: 'Código postal' }).fill('1200-203');
  await page.getByRole('textbox', { name: 'Cidade' }).fill('Lisboa');
  await page.getByRole('radio', { name: /^Entrega ao domicílio/ }).check();
}

describe('a Portuguese shopper paying on a phone', () => {
  it('?lang=pt sticks: the next page, a new tab and the server’s HTML stay Portuguese without it', async () => {
    const page = await phone();
    // The mail link is left before any of its code has run (a tap before hydration): only the server's answer counts.
    await page.route(/\.js(\?|$)/, (route) => route.abort());
    await page.goto(url('/all?lang=pt'));
    await page.getByRole('button', { name: 'Filtros', exact: true }).waitFor();
    await page.unroute(/\.js(\?|$)/);
    // The next page has no ?lang: the server renders it in Portuguese (the cookie), and so does the browser.
    const next = await page.goto(url('/all'));
    expect(next?.headers()['content-language']).toBe('pt');
    await page.getByRole('button', { name: 'Filtros', exact: true }).waitFor();
    await soon(() => page.evaluate(() => document.documentElement.lang)).toBe('pt');
    // A new tab, and a page the browser renders alone (the checkout).
    const tab = await page.context().newPage();
    await tab.goto(url('/checkout'));
    await expectSoon(tab.getByRole('main').getByRole('heading').first()).toHaveText(/Finalizar compra|Inicie sessão/);
    await soon(() => tab.evaluate(() => document.documentElement.lang)).toBe('pt');
  });

  it('types the card on a numeric keypad, is told in Portuguese that a dropped payment may have gone through, pays again with the same key, and Back shows the order', async () => {
    const [path] = await productPaths();
    const page = await phone();
    await toCheckout(page, path!, `telemovel-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Continuar para a revisão' }).tap();
    await page.waitForURL(url('/review'));
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).tap();
    await page.waitForURL(url('/payment'));

    // The keypad has no "/": the page puts it in, and groups the number as printed on the card.
    const number = page.getByRole('textbox', { name: 'Número do cartão' });
    const expiry = page.getByRole('textbox', { name: 'Validade (MM/AA)' });
    const cvc = page.getByRole('textbox', { name: 'CVC' });
    await number.pressSequentially('4242424242424242');
    await expiry.pressSequentially('1229');
    await cvc.pressSequentially('123');
    await expectSoon(number).toHaveValue('4242 4242 4242 4242');
    await expectSoon(expiry).toHaveValue('12/29');
    for (const [field, autocomplete] of [[number, 'cc-number'], [expiry, 'cc-exp'], [cvc, 'cc-csc']] as const) {
      await expectSoon(field).toHaveAttribute('autocomplete', autocomplete);
      await expectSoon(field).toHaveAttribute('inputmode', 'numeric');
    }

    // The payment reaches the store, and its answer is lost on the way back.
    const keys: string[] = [];
    let drop = true;
    await page.route('**/api/checkout/payment', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (!drop) return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: /^Pagar / }).tap();
    const unsure = page.getByRole('alert').filter({ hasText: 'O seu pagamento pode ter sido efetuado' });
    await expectSoon(unsure).toContainText('o mesmo pagamento nunca é cobrado duas vezes');
    await expectSoon(page.getByRole('main')).not.toHaveText(RAW);
    await soon(() => overflow(page)).toBeLessThanOrEqual(0);

    // Again, the answer arrives: the first payment's order, paid once.
    drop = false;
    await page.getByRole('button', { name: /^Pagar / }).tap();
    await page.waitForURL(url('/payment-sucess'));
    const numberText = page.getByText(/^Número da encomenda: \S+/);
    await numberText.waitFor();
    const orderNumber = (await numberText.innerText()).replace('Número da encomenda: ', '').trim();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    // Back: the order just placed, not an empty "Pagar" form.
    await page.goBack();
    await page.waitForURL(url('/payment'));
    await page.getByRole('heading', { name: `A sua encomenda ${orderNumber} foi feita` }).waitFor();
    await expectSoon(page.getByRole('button', { name: /^Pagar / })).toHaveCount(0);
    await page.getByRole('link', { name: 'Ver a encomenda' }).tap();
    await page.waitForURL(url('/payment-sucess'));
    await expectSoon(page.getByText(/^Número da encomenda: \S+/)).toHaveText(`Número da encomenda: ${orderNumber}`);
  });

  it('going offline at the review keeps the delivery chosen, through the error frame, back online and after a reload', async () => {
    const [, path] = await productPaths();
    // A customer who signed up in Portuguese; signed in on this phone.
    const email = `offline-${Date.now()}@example.com`;
    const signup = await fetch(url('/api/customers/signin'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'pt-PT' },
      body: JSON.stringify({ first_name: 'Rita', last_name: 'Sousa', EmailAddress: email, password: 'Secret#123', cart: [], id_brand: 1 }),
    });
    expect(signup.status).toBe(200);
    const { Customer } = (await signup.json()) as { Customer: { token: string } };
    const page = await phone();
    await page.addInitScript((token) => {
      if (!localStorage.getItem('accessToken')) localStorage.setItem('accessToken', JSON.stringify(token));
    }, Customer.token);
    await page.goto(url(`${path}&lang=pt`));
    await page.getByRole('listitem').filter({ hasText: 'Anunciado por' }).first().getByRole('button', { name: /^Adicionar ao saco/ }).tap();
    await page.getByRole('dialog', { name: 'Saco de compras (1)' }).getByRole('button', { name: 'Finalizar compra' }).tap();
    await page.waitForURL(url('/checkout'));
    await fillAddressInPortuguese(page);
    await page.getByRole('button', { name: 'Continuar para a revisão' }).tap();
    await page.waitForURL(url('/review'));
    await page.getByText(/^Entrega ao domicílio em .*Rua Garrett 10/).waitFor();
    await page.getByRole('region', { name: 'Custos' }).getByText('Total', { exact: true }).waitFor();

    // Offline: the payment tab cannot read the bag, and the route's error frame replaces the checkout.
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).tap();
    const retry = page.getByRole('button', { name: 'Tentar novamente' });
    await retry.waitFor();
    await expectSoon(page.getByRole('main')).not.toHaveText(RAW);
    // Back online, "Tentar novamente": the payment, with the delivery and total chosen before.
    await page.context().setOffline(false);
    await retry.tap();
    const pay = page.getByRole('button', { name: /^Pagar \d/ });
    await pay.waitFor();
    // A reload keeps them too.
    await page.reload();
    await pay.waitFor();
    await expectSoon(page.getByText('Reveja a encomenda antes de pagar.')).toHaveCount(0);
  });
});
