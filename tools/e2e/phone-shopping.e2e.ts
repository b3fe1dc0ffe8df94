import { overflowOf } from './browser';
import { setUpJourney } from './journey';
import { expectSoon, soon } from './soon';

// A Portuguese shopper on a phone (390 px, touch, pt-PT) lands on what they tapped and
// picks up where they live, on the production build, real API and real Chromium: a size chosen on
// one product is not applied to the next, a link to a piece that has sold says so, and the pickup
// points of checkout start nearest the delivery address and can be searched by place. The shopper
// acts the moment a control is visible; every assertion on the page is retried.

jest.setTimeout(180_000);

const journey = setUpJourney();
const url = (path: string) => `${journey.store.url}${path}`;
const phone = () => journey.phone();

interface Card {
  product_id: number;
  product_variant_id: number;
}

/** Product pages whose pieces come in more than one size, as the catalogue lists them. */
async function productsWithSizes(): Promise<{ path: string; sizes: string[] }[]> {
  const answer = (await (await fetch(url('/api/products/listings/all?limit=0&id_brand=1'))).json()) as { products_listings: Card[] };
  const found: { path: string; sizes: string[] }[] = [];
  for (const card of answer.products_listings.slice(0, 40)) {
    const product = (await (await fetch(url(`/api/products/${card.product_id}?variant=${card.product_variant_id}&id_brand=1`))).json()) as { sizes: string[] };
    if (product.sizes.length > 1) found.push({ path: `/product/${card.product_id}?variant=${card.product_variant_id}`, sizes: product.sizes });
    if (found.length === 2) break;
  }
  return found;
}

describe('a Portuguese shopper on a phone lands on what they tapped', () => {
  it('a size chosen on one product is not applied to the next; a link to a sold piece says so', async () => {
    const [first, second] = await productsWithSizes();
    const page = await phone();
    await page.goto(url(`${first!.path}&lang=pt`));
    const sizes = page.getByRole('group', { name: 'Tamanho' });
    await sizes.getByRole('button', { name: new RegExp(`^${first!.sizes[1]}\\b`) }).tap();
    await expectSoon(sizes.getByRole('button', { name: 'Todos os tamanhos' })).toHaveAttribute('aria-pressed', 'false');

    // The next product opens on all its sizes and its cheapest piece, whatever was chosen before.
    await page.goto(url(second!.path));
    await expectSoon(page.getByRole('group', { name: 'Tamanho' }).getByRole('button', { name: 'Todos os tamanhos' })).toHaveAttribute('aria-pressed', 'true');

    // A bag line's or a mail's link to a piece no longer for sale.
    await page.goto(url(`${second!.path}&listing=2147480000`));
    await expectSoon(page.getByRole('status').filter({ hasText: 'A peça que seguiu já foi vendida' })).toBeVisible();
    await expectSoon(page.getByRole('region', { name: 'A peça escolhida' }).getByRole('button', { name: /^Adicionar ao saco/ })).toBeVisible();
    await soon(() => overflowOf(page)).toBeLessThanOrEqual(0);
  });

  it('checkout lists the pickup points nearest a Porto address first, and finds Setúbal’s by name', async () => {
    const [product] = await productsWithSizes();
    const page = await phone();
    await page.goto(url(`${product!.path}&lang=pt`));
    await page.getByRole('region', { name: 'A peça escolhida' }).getByRole('button', { name: /^Adicionar ao saco/ }).tap();
    await page.getByRole('dialog', { name: 'Saco de compras (1)' }).getByRole('button', { name: 'Finalizar compra' }).tap();
    await page.getByRole('button', { name: 'Continuar como convidado' }).tap();
    await page.waitForURL(url('/checkout'));
    await page.getByRole('textbox', { name: 'Código postal' }).fill('4050-510');
    await page.getByRole('radio', { name: /^Ponto de recolha/ }).check();

    const points = page.getByRole('group', { name: 'Pontos de recolha' }).getByRole('radio');
    // Nearest first: Porto's points, a few hundred metres away, not Lisbon's.
    const firstPoint = () => points.first().evaluate((radio) => radio.closest('label')?.textContent ?? '');
    await soon(firstPoint).toMatch(/Porto/);
    await soon(firstPoint).toMatch(/a 0,\d km/);
    await points.first().check();
    const chosen = (await points.first().getAttribute('value'))!;

    await page.getByRole('searchbox', { name: 'Procurar um ponto de recolha' }).fill('setubal');
    await expectSoon(page.getByRole('radio', { name: /Setúbal/ })).toHaveCount(1);
    // The point already chosen stays chosen.
    await soon(() => page.locator(`input[name="pickup_point"][value="${chosen}"]`).isChecked()).toBe(true);
    await soon(() => overflowOf(page)).toBeLessThanOrEqual(0);
  });
});
