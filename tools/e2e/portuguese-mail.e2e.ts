import type { Page } from 'playwright-core';
import { decodedBody, startMailbox, subjectOf, type Mailbox } from '../test-support/smtp';
import { setUpJourney } from './journey';
import { expectSoon, soon } from './soon';

// A shopper who reads the store in Portuguese, in the Azores, buys as a guest and
// gets the order mail in Portuguese, its date in their own time zone. The store sends its mail to a
// real SMTP server started here.

jest.setTimeout(180_000);

let mailbox: Mailbox;
const journey = setUpJourney({
  env: async () => {
    mailbox = await startMailbox();
    return { SMTP_URL: mailbox.url };
  },
});
// After the store has stopped (hooks run in order), so its last mails (the seller's) are delivered.
afterAll(async () => {
  await mailbox?.close();
});
const url = (path: string) => `${journey.store.url}${path}`;

/** A page of the store in Portuguese, its browser in the Azores' time zone. */
async function portugueseShopper(): Promise<Page> {
  const page = await journey.open();
  await page.addInitScript(() => localStorage.setItem('language', 'pt'));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'Atlantic/Azores' });
  return page;
}

describe('a Portuguese shopper’s mail', () => {
  it('a guest who shops in Portuguese gets the order mail in Portuguese, dated in their time zone', async () => {
    const cards = (await (await fetch(url('/api/products/listings/all?limit=0&id_brand=1'))).json()) as {
      products_listings: { product_id: number; product_variant_id: number }[];
    };
    const card = cards.products_listings[4]!;
    const email = `cliente-${Date.now()}@example.com`;
    const page = await portugueseShopper();
    await page.goto(url(`/product/${card.product_id}?variant=${card.product_variant_id}`));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Anunciado por' }).first().getByRole('button', { name: /^Adicionar ao saco/ }).click();
    await page.getByRole('dialog', { name: 'Saco de compras (1)' }).getByRole('button', { name: 'Finalizar compra' }).click();
    await page.getByRole('button', { name: 'Continuar como convidado' }).click();
    await page.waitForURL(url('/checkout'));
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Primeiro nome' }).fill('Leonor');
    await page.getByRole('textbox', { name: 'Apelido' }).fill('Medeiros');
    await page.getByRole('textbox', { name: 'Telefone' }).fill('912345678');
    await page.getByRole('textbox', { name: 'Morada', exact: true }).fill('Rua da Sé 5');
    await page.getByRole('textbox', { name: 'Código postal' }).fill('9500-085');
    await page.getByRole('textbox', { name: 'Cidade' }).fill('Ponta Delgada');
    await page.getByRole('radio', { name: 'Entrega ao domicílio' }).check();
    await page.getByRole('button', { name: 'Continuar para a revisão' }).click();
    await page.waitForURL(url('/review'));
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await page.waitForURL(url('/payment'));
    await page.getByRole('textbox', { name: 'Número do cartão' }).fill('4242 4242 4242 4242');
    const expiry = page.getByRole('textbox', { name: 'Validade (MM/AA)' });
    await soon(() => expiry.getAttribute('placeholder')).toBe('MM/AA');
    await expiry.fill('12/34');
    await page.getByRole('textbox', { name: 'CVC' }).fill('123');
    await page.getByRole('button', { name: /^Pagar / }).click();
    await page.getByRole('heading', { name: 'Obrigado pela sua encomenda' }).waitFor();
    const numberText = page.getByText(/^Número da encomenda: PO-\d{7}$/);
    await expectSoon(numberText).toBeVisible();
    const number = (await numberText.textContent())!.replace('Número da encomenda: ', '');

    const mail = await mailbox.mailTo(email, 0, /Obrigado pela sua encomenda/);
    expect(subjectOf(mail.raw)).toBe(`A sua encomenda Preloved ${number}`);
    const text = decodedBody(mail.raw);
    const today = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'long', timeZone: 'Atlantic/Azores' }).format(new Date());
    expect(text).toContain(`Olá Leonor,`);
    expect(text).toContain(`Obrigado pela sua encomenda ${number}, feita a ${today}.`);
    expect(text).toMatch(/o vendedor envia em 5 dias úteis, até [\p{L}-]+, \d{1,2} de \p{L}+ de \d{4}\./u);
    expect(text).toContain('Entrega a Leonor Medeiros, Rua da Sé 5, 9500-085 Ponta Delgada');
    expect(text).not.toMatch(/Hello|Thank you|Subtotal: €|GMT/);
  });
});
