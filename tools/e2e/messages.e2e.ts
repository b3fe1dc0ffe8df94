import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { closeBrowser, closeContext, launchBrowser, newPage } from './browser';
import { startStore, type StoreServer } from './server';
import { fillInDeliveryAddress, placeOrderByHomeDelivery, registerInPanel, sellerWithPieces, signIn } from './shopper';
import { expectSoon } from './soon';

// Issue 47's journey: a visitor asks about a piece (sign-in kept as the intent), the seller answers
// from another browser on another instance of the store, the buyer sees the answer without a reload,
// buys the piece, and the conversation shows it sold and shipped. Two instances of the production
// store share one PostgreSQL database (as `pnpm cluster` runs them): a message written through one
// reaches a reader connected to the other only through PostgreSQL's LISTEN/NOTIFY. The embedded
// database is one process's, so this journey needs PostgreSQL (`npm test` passes DATABASE_URL on as
// E2E_POSTGRES_URL, as CI sets it); without it, it is skipped and says so.

const postgres = process.env.E2E_POSTGRES_URL;
const database = `preloved_e2e_messages_${process.pid}`;
const photos = mkdtempSync(path.join(tmpdir(), 'preloved-e2e-photos-'));
// The API's PostgreSQL client (the journeys' package does not depend on it), as much of it as is used here.
interface PgClient {
  connect(): Promise<void>;
  query(statement: string): Promise<unknown>;
  end(): Promise<void>;
}
const pg = createRequire(path.resolve(__dirname, '../../apps/api/package.json'))('pg') as { Client: new (options: { connectionString: string }) => PgClient };

/** Runs one statement on the server's `postgres` database (creating or dropping the journey's own). */
async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgres!.replace(/\/[^/]*$/, '/postgres') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

if (!postgres) console.warn('messages.e2e.ts: skipped, it needs PostgreSQL (set DATABASE_URL for npm test, or E2E_POSTGRES_URL)');
const describeWithPostgres = postgres ? describe : describe.skip;

describeWithPostgres('buyer–seller messages across two instances of the store', () => {
  let one: StoreServer | undefined;
  let two: StoreServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${database}`);
    // The instances share the database and the photos' store (the cluster's shared disk or bucket).
    const env = { DATABASE_URL: postgres!.replace(/\/[^/]*$/, `/${database}`), PHOTOS_DIR: photos };
    // One after the other: the first migrates and seeds the database, the second finds it ready.
    one = await startStore(env);
    [two, browser] = await Promise.all([startStore(env), launchBrowser()]);
  });
  afterAll(async () => {
    await closeBrowser(browser);
    await Promise.all([one?.stop(), two?.stop()]);
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    rmSync(photos, { recursive: true, force: true });
  });
  const pages: Page[] = [];
  afterEach(async () => {
    await Promise.all(pages.map((page) => closeContext(page.context())));
    pages.length = 0;
  });
  const open = async () => {
    const page = await newPage(browser!);
    pages.push(page);
    return page;
  };

  it('a visitor asks, the seller answers from the other instance, the buyer sees it live, buys, and the thread says sold and shipped', async () => {
    const seller = await sellerWithPieces(two!.url, { firstName: 'Marta', lastName: 'Messages', prices: [58] });
    const piece = seller.pieces[0]!;

    // A visitor on instance one asks the seller: sign-in first, then the conversation opens.
    const buyer = await open();
    await buyer.goto(`${one!.url}${piece.href}`);
    await buyer.getByRole('region', { name: 'The chosen piece' }).getByRole('button', { name: `Ask Marta about ${piece.title}`, exact: false }).click();
    await registerInPanel(buyer, 'Bruno Buyer', `bruno-${Date.now()}@example.com`);
    await buyer.getByRole('heading', { name: 'Messages with Marta' }).waitFor();
    const buyerLog = buyer.getByRole('log', { name: 'Messages with Marta' });
    await buyer.getByRole('textbox', { name: 'Your message' }).fill('Hello! Does it run small? Call me on 912 345 678.');
    await buyer.getByRole('button', { name: 'Send message' }).click();
    // The phone number is masked, and the page says why.
    await expectSoon(buyerLog.getByText(/Does it run small\? Call me on (?!912)/)).toBeVisible();
    await expectSoon(buyer.getByRole('note')).toContainText('deals made outside Preloved lose Buyer Protection');

    // The seller, in another browser on instance two: the header counts the unread message beside the bag.
    const sellerPage = await open();
    await sellerPage.goto(`${two!.url}/user/messages`);
    await signIn(sellerPage, seller.email);
    await sellerPage.getByRole('banner').getByRole('link', { name: 'Messages, 1 unread' }).waitFor();
    await sellerPage.getByRole('link', { name: `Conversation with Bruno about ${piece.title}` }).click();
    await sellerPage.getByRole('heading', { name: 'Messages with Bruno' }).waitFor();
    await expectSoon(sellerPage.getByRole('log').getByText(/Does it run small\?/)).toBeVisible();
    await sellerPage.getByRole('textbox', { name: 'Your message' }).fill('It runs true to size. I can ship it tomorrow.');
    await sellerPage.getByRole('button', { name: 'Send message' }).click();
    // Read once shown: the header's count is gone.
    await expectSoon(sellerPage.getByRole('banner').getByRole('link', { name: /^Messages,/ })).toHaveCount(0);

    // The buyer, still on instance one and without a reload, reads the answer.
    await expectSoon(buyerLog.getByText('It runs true to size. I can ship it tomorrow.')).toBeVisible();

    // The buyer buys the piece on instance one.
    await buyer.goto(`${one!.url}${piece.href}`);
    await buyer.getByRole('region', { name: 'The chosen piece' }).getByRole('button', { name: /^Add to bag/ }).click();
    await buyer.getByRole('dialog', { name: 'Shopping bag (1)' }).getByRole('button', { name: 'Go to checkout' }).click();
    await buyer.waitForURL(`${one!.url}/checkout`);
    await fillInDeliveryAddress(buyer, { firstName: 'Bruno', lastName: 'Buyer' });
    const number = await placeOrderByHomeDelivery(buyer, one!.url);

    // Back in the conversation: the store's entry says it is sold.
    await buyer.goto(`${one!.url}/user/messages`);
    await buyer.getByRole('link', { name: `Conversation with Marta about ${piece.title}` }).click();
    await expectSoon(buyerLog.getByText('Sold.', { exact: true })).toBeVisible();

    // The seller ships it on instance two; the buyer's open conversation shows it without a reload.
    await sellerPage.goto(`${two!.url}/user/sales`);
    const ship = sellerPage.getByRole('form', { name: `Ship order ${number}` });
    await ship.getByRole('textbox', { name: 'Tracking number' }).fill('CT123456785PT');
    await ship.getByRole('button', { name: 'Mark as shipped' }).click();
    await expectSoon(buyerLog.getByText('Shipped.', { exact: true })).toBeVisible();
    await expectSoon(buyerLog.getByRole('link', { name: 'Track the parcel (CT123456785PT)' })).toBeVisible();
  });
});
