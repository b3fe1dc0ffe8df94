import { create } from 'xmlbuilder2';

// A SEPA credit transfer file (ISO 20022 pain.001.001.09, as the EPC's SCT customer-to-bank guidelines
// restrict it), built with xmlbuilder2 so the escaping and the namespace are a kept library's, not
// string concatenation's. No database in here: sepa-batches.ts gives it the batch, a test validates
// what it writes against the XSD (test/pain.001.001.09.xsd).

export const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

export interface SepaTransfer {
  /** Unique per transfer (the wallet's BT-… reference): the bank reports it back. */
  endToEndId: string;
  amountCents: number;
  creditorName: string;
  creditorIban: string;
  /** Optional: SEPA allows IBAN-only for the creditor (the bank finds the BIC). */
  creditorBic?: string | null;
  remittance: string;
}

export interface SepaFile {
  /** Unique per file (GrpHdr/MsgId); the payment information's id is derived from it. */
  messageId: string;
  createdAt: Date;
  /** The requested execution date, YYYY-MM-DD. */
  executionDate: string;
  debtor: { name: string; iban: string; bic?: string | null | undefined };
  transfers: SepaTransfer[];
}

// What the EPC's guidelines let through banks (the "SEPA character set"): Latin letters, digits and
// / - ? : ( ) . , ' + and the space. Others are transliterated when they are a letter with marks
// (ç → c, ã → a) or one of the ligatures below, and dropped otherwise.
const LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', œ: 'oe', Œ: 'OE', đ: 'd', Đ: 'D', ł: 'l', Ł: 'L', þ: 'th', Þ: 'TH', '&': '+', '‘': "'", '’': "'", '–': '-', '—': '-' };

/** `value` in the SEPA character set, spaces collapsed, at most `max` characters; `fallback` when nothing is left. */
export function sepaText(value: string, max: number, fallback = 'NOTPROVIDED'): string {
  const plain = [...value.normalize('NFD')]
    .map((character) => LIGATURES[character] ?? character)
    .join('')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (plain || fallback).slice(0, max).trim();
}

/** Cents as the file's decimal amount, always 2 decimals ("12.30"), with no floating point. */
export const sepaAmount = (cents: number): string => {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`not an amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
};

/** The pain.001.001.09 document of one batch: one payment information (the brand's account), a transaction per transfer. */
export function pain001(file: SepaFile): string {
  if (file.transfers.length === 0) throw new Error('a SEPA file needs a transfer');
  const ids = new Set(file.transfers.map((transfer) => transfer.endToEndId));
  if (ids.size !== file.transfers.length) throw new Error('EndToEndId repeated in a SEPA file');
  const count = String(file.transfers.length);
  const total = sepaAmount(file.transfers.reduce((sum, transfer) => sum + transfer.amountCents, 0));
  const debtorName = sepaText(file.debtor.name, 70);
  // xs:dateTime, to the second (the bank's systems read it as the file's creation).
  const createdAt = file.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z');

  const initiation = create({ version: '1.0', encoding: 'UTF-8' }).ele(PAIN_001_NAMESPACE, 'Document').ele('CstmrCdtTrfInitn');
  const header = initiation.ele('GrpHdr');
  header.ele('MsgId').txt(sepaText(file.messageId, 35));
  header.ele('CreDtTm').txt(createdAt);
  header.ele('NbOfTxs').txt(count);
  header.ele('CtrlSum').txt(total);
  header.ele('InitgPty').ele('Nm').txt(debtorName);

  const payment = initiation.ele('PmtInf');
  payment.ele('PmtInfId').txt(sepaText(`${file.messageId}-1`, 35));
  payment.ele('PmtMtd').txt('TRF');
  payment.ele('BtchBookg').txt('true');
  payment.ele('NbOfTxs').txt(count);
  payment.ele('CtrlSum').txt(total);
  payment.ele('PmtTpInf').ele('SvcLvl').ele('Cd').txt('SEPA');
  payment.ele('ReqdExctnDt').ele('Dt').txt(file.executionDate);
  payment.ele('Dbtr').ele('Nm').txt(debtorName);
  payment.ele('DbtrAcct').ele('Id').ele('IBAN').txt(file.debtor.iban);
  const agent = payment.ele('DbtrAgt').ele('FinInstnId');
  if (file.debtor.bic) agent.ele('BICFI').txt(file.debtor.bic);
  else agent.ele('Othr').ele('Id').txt('NOTPROVIDED');
  payment.ele('ChrgBr').txt('SLEV');

  for (const transfer of file.transfers) {
    const transaction = payment.ele('CdtTrfTxInf');
    transaction.ele('PmtId').ele('EndToEndId').txt(sepaText(transfer.endToEndId, 35));
    transaction.ele('Amt').ele('InstdAmt', { Ccy: 'EUR' }).txt(sepaAmount(transfer.amountCents));
    if (transfer.creditorBic) transaction.ele('CdtrAgt').ele('FinInstnId').ele('BICFI').txt(transfer.creditorBic);
    transaction.ele('Cdtr').ele('Nm').txt(sepaText(transfer.creditorName, 70));
    transaction.ele('CdtrAcct').ele('Id').ele('IBAN').txt(transfer.creditorIban);
    transaction.ele('RmtInf').ele('Ustrd').txt(sepaText(transfer.remittance, 140));
  }
  return initiation.end({ prettyPrint: true });
}
