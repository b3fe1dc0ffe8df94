import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SepaBatch, Wallet } from '@preloved/contract';
import { create } from 'xmlbuilder2';
import { validateXML } from 'xmllint-wasm';
import { pain001, sepaAmount, sepaText } from './sepa-file';
import { testAppForFile, testClock, type TestApp } from '../../test/app';
import { inject } from '../../test/checkout';
import { deliver, expectLedgerBalanced, IBAN, sale } from '../../test/wallet';

// Real payouts from the brand's bank (PAYOUT_PROVIDER=sepa): the requested bank transfers
// become a pain.001.001.09 file the operator uploads to the bank and confirms. The file is validated
// against the published XSD (test/pain.001.001.09.xsd: the EPC's SEPA Credit Transfer customer-to-bank
// schema for pain.001.001.09, EPC132-08 2023 V1.0, a restriction of ISO 20022's) with xmllint compiled
// to WebAssembly: no network, no system libxml. The ledger audit balances after each step.

const OPERATOR_KEY = 'an-operator-key-for-the-sepa-tests';
const XSD = readFileSync(path.join(__dirname, '../../test/pain.001.001.09.xsd'), 'utf8');
const clock = testClock();
let ctx: TestApp;
testAppForFile(
  { PAYOUT_PROVIDER: 'sepa', SEPA_DEBTOR_NAME: 'Préloved & Filhos, Lda', SEPA_DEBTOR_IBAN: 'PT50 0002 0123 1234 5678 9015 4', SEPA_DEBTOR_BIC: 'CGDIPTPL', OPERATOR_KEY, IBAN_HOLD_HOURS: '0' },
  { clock },
  (started) => (ctx = started),
);

async function validate(xml: string) {
  return validateXML({ xml: [{ fileName: 'batch.xml', contents: xml }], schema: [{ fileName: 'pain.001.001.09.xsd', contents: XSD }] });
}

const audit = () => expectLedgerBalanced(ctx.app);

const operator = (method: 'GET' | 'POST', url: string, key: string | null = OPERATOR_KEY) =>
  ctx.app.inject({ method, url: `/api/operator/payouts/sepa-batches${url}`, headers: key === null ? {} : { 'x-operator-key': key } });

/** A seller named `name` sold a piece (delivered, released) and asks for a bank transfer of `euros` to their IBAN: its reference. */
async function requested(name: [string, string], euros: number, iban = IBAN) {
  const s = await sale(ctx.app, ctx.db, { price: 6000 });
  await ctx.db.query('UPDATE customers SET first_name = $2, last_name = $3 WHERE id = $1', [s.seller.id, ...name]);
  await deliver(ctx.app, s);
  expect((await inject(ctx.app, 'PUT', 'customers/payout', { token: s.seller.token, body: { method: 'bank_transfer', iban } })).statusCode).toBe(200);
  const transferred = await inject(ctx.app, 'POST', 'wallet/transfers', { token: s.seller.token, body: { amount: euros } });
  expect(transferred.statusCode).toBe(200);
  const entry = Wallet.parse(transferred.json()).activity.find((row) => row.type === 'bank_transfer')!;
  return { seller: s.seller, reference: entry.code!, paidCents: Math.round(-entry.amount * 100) };
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the file read back, checked field by field below
/** The file read back (xmlbuilder2's parser): the initiation, its transactions always a list. */
function parsed(xml: string): Json {
  const initiation = (create(xml).end({ format: 'object' }) as Json).Document.CstmrCdtTrfInitn as Json;
  initiation.PmtInf.CdtTrfTxInf = [initiation.PmtInf.CdtTrfTxInf].flat();
  return initiation;
}

describe('the SEPA file (sepa-file.ts)', () => {
  it('keeps names in the SEPA character set and amounts at 2 decimals', () => {
    expect(sepaText('José Ñúñez & Zoë <Straße> 😀', 70)).toBe('Jose Nunez + Zoe Strasse');
    expect(sepaText('😀', 70)).toBe('NOTPROVIDED');
    expect(sepaText('a'.repeat(80), 70)).toHaveLength(70);
    expect([sepaAmount(1), sepaAmount(1230), sepaAmount(500_000), sepaAmount(99)]).toEqual(['0.01', '12.30', '5000.00', '0.99']);
    expect(() => sepaAmount(1.5)).toThrow();
  });

  it('validates against the pain.001.001.09 XSD, IBAN-only creditors and a debtor with no BIC too; a wrong file does not', async () => {
    const xml = pain001({
      messageId: 'PRELOVED-20261130-7',
      createdAt: new Date('2026-11-30T09:15:00.123Z'),
      executionDate: '2026-11-30',
      debtor: { name: 'Brand "Lda"', iban: 'PT50000201231234567890154' },
      transfers: [
        { endToEndId: 'BT-0123456789', amountCents: 4753, creditorName: 'Ana <Sá> & Filhos', creditorIban: 'PT50000201231234567890154', remittance: 'Preloved BT-0123456789' },
        { endToEndId: 'BT-ABCDEF0123', amountCents: 100, creditorName: 'Jordi', creditorIban: 'ES9121000418450200051332', creditorBic: 'CAIXESBBXXX', remittance: 'Preloved BT-ABCDEF0123' },
      ],
    });
    const result = await validate(xml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    const document = parsed(xml);
    expect(document.GrpHdr).toMatchObject({ MsgId: 'PRELOVED-20261130-7', NbOfTxs: '2', CtrlSum: '48.53', CreDtTm: '2026-11-30T09:15:00Z' });
    expect(document.PmtInf.CdtTrfTxInf[0].Cdtr.Nm).toBe('Ana Sa + Filhos');
    expect(document.PmtInf.CdtTrfTxInf[0].CdtrAgt).toBeUndefined();
    // The validator does refuse: a third decimal and a missing creditor account.
    expect((await validate(xml.replace('<CtrlSum>48.53</CtrlSum>', '<CtrlSum>48.530</CtrlSum>').replace(/<CdtrAcct>[\s\S]*?<\/CdtrAcct>/, ''))).valid).toBe(false);
    expect(() => pain001({ messageId: 'M', createdAt: new Date(), executionDate: '2026-11-30', debtor: { name: 'B', iban: 'PT50000201231234567890154' }, transfers: [] })).toThrow();
  });
});

describe('SEPA batches (PAYOUT_PROVIDER=sepa)', () => {
  it('the operator key is needed, and a batch holds every due transfer once in a file that validates; confirming marks them paid', async () => {
    const first = await requested(['José', 'Ñúñez & <Filhos>'], 25);
    const second = await requested(['Zoë', "O'Neill"], 30.5, 'ES9121000418450200051332');
    // The stand-in job no longer marks anything paid.
    clock.advanceDays(7);
    expect(await ctx.app.payoutRuns.payDue()).toEqual([]);
    clock.set(new Date());

    expect((await operator('POST', '', null)).statusCode).toBe(401);
    expect((await operator('POST', '', 'a-wrong-operator-key-of-length')).statusCode).toBe(401);
    const made = await operator('POST', '');
    expect(made.statusCode).toBe(200);
    const batch = SepaBatch.parse(made.json());
    expect(batch).toMatchObject({ status: 'open', confirmed_at: null, cancelled_at: null });
    expect(batch.references).toEqual(expect.arrayContaining([first.reference, second.reference]));
    expect(new Set(batch.references).size).toBe(batch.references.length);

    const result = await validate(batch.xml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    const document = parsed(batch.xml);
    const transactions = document.PmtInf.CdtTrfTxInf as { PmtId: { EndToEndId: string }; Amt: { InstdAmt: { '#': string; '@Ccy': string } }; Cdtr: { Nm: string }; CdtrAcct: { Id: { IBAN: string } } }[];
    const total = transactions.reduce((sum, row) => sum + Math.round(Number(row.Amt.InstdAmt['#']) * 100), 0);
    expect(document.GrpHdr).toMatchObject({ MsgId: batch.message_id, NbOfTxs: String(batch.transfers), CtrlSum: sepaAmount(total) });
    expect(document.PmtInf).toMatchObject({ NbOfTxs: String(batch.transfers), CtrlSum: sepaAmount(total), DbtrAcct: { Id: { IBAN: 'PT50000201231234567890154' } }, DbtrAgt: { FinInstnId: { BICFI: 'CGDIPTPL' } } });
    expect(document.GrpHdr.InitgPty.Nm).toBe('Preloved + Filhos, Lda');
    expect(Math.round(batch.total * 100)).toBe(total);
    expect(transactions.map((row) => row.PmtId.EndToEndId).sort()).toEqual([...batch.references].sort());
    const mine = transactions.find((row) => row.PmtId.EndToEndId === first.reference)!;
    expect(mine).toMatchObject({ Amt: { InstdAmt: { '#': sepaAmount(first.paidCents), '@Ccy': 'EUR' } }, Cdtr: { Nm: 'Jose Nunez + Filhos' }, CdtrAcct: { Id: { IBAN } } });
    expect(transactions.find((row) => row.PmtId.EndToEndId === second.reference)).toMatchObject({ Cdtr: { Nm: "Zoe O'Neill" }, CdtrAcct: { Id: { IBAN: 'ES9121000418450200051332' } } });
    await audit();

    // The same file again.
    expect(SepaBatch.parse((await operator('GET', `/${batch.id}`)).json())).toEqual(batch);
    expect((await operator('GET', '/999999')).statusCode).toBe(404);
    // Nothing else is due: a second batch repeats nothing.
    expect((await operator('POST', '')).json()).toMatchObject({ code: 'no_due_transfers' });

    const statuses = async (token: string, reference: string) =>
      Wallet.parse((await inject(ctx.app, 'GET', 'wallet', { token })).json()).activity.filter((row) => row.code === reference).map((row) => row.status);
    expect(await statuses(first.seller.token, first.reference)).toEqual(['sent', 'sent']);
    const confirmed = SepaBatch.parse((await operator('POST', `/${batch.id}/confirm`)).json());
    expect(confirmed).toMatchObject({ status: 'confirmed', references: batch.references });
    expect(await statuses(first.seller.token, first.reference)).toEqual(['paid', 'paid']);
    expect((await operator('POST', `/${batch.id}/confirm`)).json()).toEqual(confirmed);
    expect((await operator('POST', `/${batch.id}/cancel`)).json()).toMatchObject({ code: 'sepa_batch_confirmed' });
    await audit();
  });

  it('a later batch holds only what was requested since; a cancelled batch gives its transfers back to the next', async () => {
    const third = await requested(['Ana', 'Sá'], 12);
    const next = SepaBatch.parse((await operator('POST', '')).json());
    expect(next.references).toEqual([third.reference]);
    const cancelled = SepaBatch.parse((await operator('POST', `/${next.id}/cancel`)).json());
    expect(cancelled.status).toBe('cancelled');
    expect((await operator('POST', `/${next.id}/confirm`)).json()).toMatchObject({ code: 'sepa_batch_cancelled' });
    await audit();
    const again = SepaBatch.parse((await operator('POST', '')).json());
    expect(again.references).toEqual([third.reference]);
    expect(again.message_id).not.toBe(next.message_id);
    expect((await validate(again.xml)).valid).toBe(true);
    await operator('POST', `/${again.id}/confirm`);
    await audit();
  });

  it('two batches made at once never hold the same transfer', async () => {
    await requested(['Rui', 'Costa'], 10);
    await requested(['Inês', 'Pé'], 11);
    const answers = await Promise.all([operator('POST', ''), operator('POST', '')]);
    const made = answers.filter((answer) => answer.statusCode === 200).map((answer) => SepaBatch.parse(answer.json()));
    const references = made.flatMap((batch) => batch.references);
    expect(references).toHaveLength(2);
    expect(new Set(references).size).toBe(2);
    await audit();
  });
});
