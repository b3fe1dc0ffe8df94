import path from 'node:path';
import { checkClaim } from '../test-support/check-claims';
import { catalogueFiles, repositoryRoot as root } from './catalogue-files';

// A fee must buy what it names (issue 48): with VERIFICATION_MODE=none the store checks no piece, so no
// page, mail or message may say it does. A text that says so is a `_checked` variant — `key_checked`
// beside `key`, read with `t(key, { context: verificationContext(mode) })`; an info page section's
// `paragraphs_checked` beside its `paragraphs` — and its plain key promises nothing: a page that forgets the
// context can only under-promise. Every catalogue the shopper's pages and mails are written from is read
// here (a new one is found on disk); a sentence that says a piece is checked fails unless it is a `_checked`
// variant or one of the texts below, which only a package sent through the hub (or a trade-in) ever shows.
/** The back office's console and mails are the staff's (en, pt and es), not a shopper's: its hub bench names verification. */
const STAFF = [/^remotes\/backoffice\//, /^apps\/api\/src\/modules\/backoffice\//];

/** Texts shown only for a package that went through the hub, or beside a verification fee the order was charged. */
const HUB_ONLY: { file: RegExp; key: RegExp; why: string }[] = [
  { file: /^remotes\/account\/src\/i18n\/(en|pt|es)\.ts$/, key: /^default\.(order|sales)\.hub\./, why: 'the order and sales pages show a package’s hub state only for a package sent through the hub' },
  { file: /^remotes\/account\/src\/i18n\/(en|pt|es)\.ts$/, key: /^default\.order\.fees\.verification$/, why: 'an order’s fee line, shown only when the order was charged a verification fee' },
  { file: /^remotes\/bag-checkout\/src\/i18n\/(en|pt|es)\.ts$/, key: /^default\.review\.verification$/, why: 'the checkout’s fee line, shown only when the quote has a verification fee (none in none mode)' },
  { file: /^apps\/api\/src\/modules\/orders\/mail-texts\.ts$/, key: /^orderMailTexts\.(en|pt|es)\.order\.verification$/, why: 'the confirmation’s fee line, written only when the order was charged a verification fee' },
  { file: /^apps\/api\/src\/modules\/orders\/mail-texts\.ts$/, key: /^orderMailTexts\.(en|pt|es)\.sale\.viaHub$/, why: 'the sale mail’s line for a package sold to go through the hub' },
  { file: /^apps\/api\/src\/modules\/orders\/mail-texts\.ts$/, key: /^hubMailTexts\./, why: 'the hub’s state mails, sent only for a package sent through the hub' },
  { file: /^packages\/(shared\/src\/i18n\/common\.(en|pt|es)|contract\/src\/(errors|messages|team-messages))\.ts$/, key: /\.(hub_\w+|parcel_\w+)$/, why: 'the refusals of the back office’s hub bench, which only staff of a hub store meet' },
  { file: /^apps\/api\/src\/modules\/trade-in\//, key: /./, why: 'a trade-in is the brand buying a piece for itself: its hub checks it in either mode' },
  { file: /^(remotes|packages|apps)\//, key: /^default\.tradeIns?\./, why: 'a trade-in’s pages: the brand’s hub checks a piece it buys in either mode' },
];


/** Every string a catalogue module exports, by its key path (an array's item by its `id` when it has one). */
function texts(value: unknown, at: string, into: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') into.push([at, value]);
  else if (Array.isArray(value)) value.forEach((item: unknown, index) => texts(item, `${at}.${idOf(item) ?? index}`, into));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) texts(item, at ? `${at}.${key}` : key, into);
  return into;
}
const idOf = (item: unknown) => (item && typeof item === 'object' && 'id' in item && typeof item.id === 'string' ? `[${item.id}]` : undefined);

/** A `_checked` variant: a key, or a key on the way to it, that ends in `_checked` (`explain_checked`, `paragraphs_checked.0`). */
const isCheckedVariant = (key: string) => key.split('.').some((part) => part.endsWith('_checked'));

let found: { file: string; key: string; text: string }[];
beforeAll(async () => {
  const files = catalogueFiles(STAFF);
  found = [];
  for (const file of files) {
    const loaded = (await import(path.join(root, file))) as Record<string, unknown>;
    for (const [key, text] of texts(loaded, '')) found.push({ file, key, text });
  }
});

it('reads every catalogue of the shopper’s pages, mails and messages', () => {
  const files = new Set(found.map((text) => text.file));
  for (const file of [
    'remotes/catalog/src/i18n/en.ts',
    'remotes/bag-checkout/src/i18n/es.ts',
    'remotes/seller/src/i18n/pt.ts',
    'apps/shell/src/features/info-pages/content.pt.ts',
    'apps/api/src/modules/orders/mail-texts.ts',
    'apps/api/src/core/mail/mail-texts.es.ts',
    'packages/contract/src/messages.ts',
    'packages/shared/src/i18n/common.en.ts',
  ]) expect(files).toContain(file);
  expect(found.length).toBeGreaterThan(3000);
});

it('no text a store that checks nothing shows says a piece is checked: such words are a `_checked` variant or shown only for a hub package', () => {
  const promising = found
    .filter(({ file, key, text }) => checkClaim(text) !== null && !isCheckedVariant(key) && !HUB_ONLY.some((only) => only.file.test(file) && only.key.test(key)))
    .map(({ file, key, text }) => `${file} ${key}: “${checkClaim(text)}” in ${text}`);
  expect(promising).toEqual([]);
});

it('every `_checked` variant has its plain text beside it, which a store that checks nothing reads', () => {
  const keys = new Set(found.map(({ file, key }) => `${file} ${key}`));
  const orphans = found
    .filter(({ key }) => isCheckedVariant(key))
    .map(({ file, key }) => `${file} ${key.replace(/_checked(?=\.|$)/g, '')}`)
    .filter((plain) => !keys.has(plain) && ![...keys].some((key) => key.startsWith(`${plain}.`)))
    .map((plain) => `no ${plain}`);
  expect(orphans).toEqual([]);
});

it('finds the promises the store used to make in every language (the check is not blind)', () => {
  for (const text of [
    'Buyer Protection (processing and verification fees): secure payment, every piece checked against its listing.',
    'a check of the piece against its listing and a refund if it does not arrive',
    'We check each piece sold against its listing (the verification fee pays for it)',
    'Proteção do Comprador (taxas de processamento e de verificação): pagamento seguro, cada peça verificada face ao anúncio',
    'uma taxa de verificação quando o artigo é verificado por nós',
    'e cada uma é revista pela nossa equipa antes de ser posta à venda',
    'Protección al comprador: pago seguro, cada prenda verificada frente a su anuncio',
    'una comisión de verificación cuando el artículo lo verificamos nosotros',
    'y nuestro equipo revisa cada una antes de ponerla a la venta',
  ]) expect([text, checkClaim(text)]).toEqual([text, expect.any(String)]);
  for (const text of ['Check your inbox to confirm your subscription.', 'Sign in to check out', 'A seller verified by the brand', 'Vendedor verificado pela marca', 'Tu dirección de correo de Google no está verificada.', 'and what we check.', 'y qué comprobamos.', 'Comprobando el enlace…', 'Stripe está comprobando tus datos.', 'Una persona del equipo de la marca revisa cada denuncia.']) {
    expect([text, checkClaim(text)]).toEqual([text, null]);
  }
});
