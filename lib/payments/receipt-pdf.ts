import { formatMoney } from '@/lib/fees/money';
import type { LocalizedText } from '@/lib/i18n/localized';
import { receiptWorkerPool } from './receipt-worker-pool';

export type ReceiptData = {
  /** The receipt's own number, from the conference's sequence (lib/payments/receipt-number.ts). */
  receiptNo: string;
  /** The payment's number (the bill). */
  billNo: string;
  /** Who received the money: the organisation in both languages and its taxpayer id ('' when not set). */
  payee: { name: LocalizedText; taxpayerId: string };
  conferenceTitle: LocalizedText;
  payerName: string;
  payerEmail: string;
  lines: Array<{ orderNo: string; item: LocalizedText; quantity: number; unitPriceMinor: number; totalMinor: number }>;
  /** ISO 4217; every amount is in integer minor units. */
  currency: string;
  amountMinor: number;
  refundedMinor: number;
  method: LocalizedText;
  paidAt: Date;
  /** IANA zone of the conference: a receipt shows the time where the conference happens, not the server's. */
  timeZone: string;
  providerTxnId: string | null;
  issuedAt: Date;
};

/**
 * A receipt as the worker (lib/payments/receipt-worker.mjs) draws it: every amount and date
 * already written out, so the worker needs nothing but pdfkit and the fonts. Plain data, as it
 * crosses the thread boundary.
 */
export type ReceiptLayout = {
  receiptNo: string;
  billNo: string;
  /** The payee organisation (both languages on one line) and its taxpayer id; '' when not set. */
  payeeName: string;
  payeeTaxpayerId: string;
  /** ISO time, the PDF's CreationDate. */
  createdAt: string;
  issued: string;
  conferenceTitle: LocalizedText;
  payerName: string;
  payerEmail: string;
  paid: string;
  method: string;
  currency: string;
  providerTxnId: string | null;
  lines: Array<{ orderNo: string; item: LocalizedText; quantity: string; unitPrice: string; total: string }>;
  total: string;
  /** Only when something was refunded: the refunded amount and what was finally kept. */
  refund: { refunded: string; net: string } | null;
};

/** One formatter per zone: making an Intl.DateTimeFormat with a zone costs far more than using one. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One language-neutral timestamp ("2026-03-05 14:30 GMT+8") reads the same to both audiences,
 * so dates are not repeated per language; the offset makes the conference zone explicit.
 */
function formatDate(date: Date, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'shortOffset',
    });
    dateFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} ${part('timeZoneName')}`;
}

/** zh and en on one line, or once when the organiser gave the same text (or only one language). */
function bilingual(text: LocalizedText): string {
  const zh = text.zh.trim();
  const en = text.en.trim();
  return !zh || !en || zh === en ? zh || en : `${zh} / ${en}`;
}

/** The receipt's texts as the PDF shows them (amounts in the English style, dates in the conference's zone). */
export function receiptLayout(data: ReceiptData): ReceiptLayout {
  const money = (minor: number) => formatMoney(minor, data.currency, 'en');
  return {
    receiptNo: data.receiptNo,
    billNo: data.billNo,
    payeeName: bilingual(data.payee.name),
    payeeTaxpayerId: data.payee.taxpayerId,
    createdAt: data.issuedAt.toISOString(),
    issued: formatDate(data.issuedAt, data.timeZone),
    conferenceTitle: { zh: data.conferenceTitle.zh, en: data.conferenceTitle.en },
    payerName: data.payerName,
    payerEmail: data.payerEmail,
    paid: formatDate(data.paidAt, data.timeZone),
    method: bilingual(data.method),
    currency: data.currency,
    providerTxnId: data.providerTxnId,
    lines: data.lines.map((line) => ({
      orderNo: line.orderNo,
      item: { zh: line.item.zh, en: line.item.en },
      quantity: String(line.quantity),
      unitPrice: money(line.unitPriceMinor),
      total: money(line.totalMinor),
    })),
    total: money(data.amountMinor),
    refund: data.refundedMinor > 0 ? { refunded: money(data.refundedMinor), net: money(data.amountMinor - data.refundedMinor) } : null,
  };
}

/**
 * The receipt as a bilingual PDF, drawn by the receipt worker thread (never on the event loop).
 * `account` is whom the work is counted against (the per-account limit of the pool); rejects with
 * AppError RECEIPT_LIMIT or RECEIPTS_BUSY when that account or the whole process is at its limit.
 */
export async function renderReceiptPdf(data: ReceiptData, account = 'system'): Promise<Buffer> {
  const pdf = await receiptWorkerPool().render(receiptLayout(data), account);
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
