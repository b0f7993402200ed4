import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { formatMoney } from '@/lib/fees/money';
import type { LocalizedText } from '@/lib/i18n/localized';

export type ReceiptData = {
  receiptNo: string;
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

type FontFace = { path: string; name: string | undefined };

/**
 * The standard PDF fonts have no Chinese glyphs, so the receipt embeds (a subset of) Noto Sans CJK.
 * Debian's fonts-noto-cjk ships it as a collection (.ttc), from which pdfkit needs the face's
 * PostScript name: 'NotoSansCJKsc-Regular' works, the family name 'Noto Sans CJK SC' does not.
 */
const DEFAULT_FONT_PATH = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
let resolvedFonts: { regular: FontFace; bold: FontFace } | undefined;

/**
 * Resolved once per process (RECEIPT_FONT_PATH overrides the Debian path). The bold face is the
 * sibling "-Bold" file when present, else headings fall back to the regular face.
 */
function receiptFonts(): { regular: FontFace; bold: FontFace } {
  if (resolvedFonts) return resolvedFonts;
  const regularPath = process.env.RECEIPT_FONT_PATH || DEFAULT_FONT_PATH;
  if (!existsSync(regularPath)) {
    throw new Error(
      `Receipt font not found at ${regularPath}: install Debian's fonts-noto-cjk (apt-get install fonts-noto-cjk) ` +
        'or point RECEIPT_FONT_PATH at a font with Chinese glyphs',
    );
  }
  // A collection needs a face name; a single .ttf/.otf must be opened without one.
  const face = (path: string, weight: string): FontFace => ({
    path,
    name: /\.(ttc|otc)$/i.test(path) ? `NotoSansCJKsc-${weight}` : undefined,
  });
  const boldPath = regularPath.replace(/Regular(\.\w+)$/, 'Bold$1');
  const regular = face(regularPath, 'Regular');
  const bold = boldPath !== regularPath && existsSync(boldPath) ? face(boldPath, 'Bold') : regular;
  resolvedFonts = { regular, bold };
  return resolvedFonts;
}

const REGULAR = 'receipt-regular';
const BOLD = 'receipt-bold';
const INK = '#1a1a1a';
const MUTED = '#6b6b6b';
const RULE = '#d0d0d0';
const SHADE = '#f1f3f5';
const MARGIN = 50;
const PAD_X = 6;
const PAD_Y = 5;

/** Amount columns are right-aligned so the digits line up; the item column takes the remaining width. */
const COLUMNS = [
  { zh: '订单号', en: 'Order no.', width: 100, align: 'left' },
  { zh: '项目', en: 'Item', width: 0, align: 'left' },
  { zh: '数量', en: 'Qty', width: 40, align: 'right' },
  { zh: '单价', en: 'Unit price', width: 85, align: 'right' },
  { zh: '金额', en: 'Amount', width: 90, align: 'right' },
] as const;

/**
 * One language-neutral timestamp ("2026-03-05 14:30 GMT+8") reads the same to both audiences,
 * so dates are not repeated per language; the offset makes the conference zone explicit.
 */
function formatDate(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'shortOffset',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} ${part('timeZoneName')}`;
}

/** zh and en on one line, or once when the organiser gave the same text (or only one language). */
function bilingual(text: LocalizedText): string {
  const zh = text.zh.trim();
  const en = text.en.trim();
  return !zh || !en || zh === en ? zh || en : `${zh} / ${en}`;
}

type Style = { size: number; bold?: boolean; color?: string };

/** Renders the whole receipt into memory: receipts are small, and callers send or store the bytes. */
export async function renderReceiptPdf(data: ReceiptData): Promise<Buffer> {
  const fonts = receiptFonts();
  const doc = new PDFDocument({
    size: 'A4',
    // A small bottom margin keeps the footer from triggering pdfkit's automatic page break;
    // the table breaks pages itself at `bottom` below.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 20 },
    info: { Title: `收据 Receipt ${data.receiptNo}`, CreationDate: data.issuedAt },
    lang: 'zh-CN',
  });
  const bytes = new Promise<Buffer>((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont(REGULAR, fonts.regular.path, fonts.regular.name);
  doc.registerFont(BOLD, fonts.bold.path, fonts.bold.name);

  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN - 20;
  const money = (minor: number) => formatMoney(minor, data.currency, 'en');
  const setStyle = (s: Style) =>
    doc
      .font(s.bold ? BOLD : REGULAR)
      .fontSize(s.size)
      .fillColor(s.color ?? INK);
  /** Writes at an absolute position and returns the y below the (possibly wrapped) text. */
  const put = (text: string, x: number, y: number, s: Style, options: PDFKit.Mixins.TextOptions = {}) => {
    setStyle(s).text(text, x, y, options);
    return doc.y;
  };
  const rule = (y: number, lineWidth: number) => {
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(lineWidth)
      .strokeColor(RULE)
      .stroke();
  };
  const footer = () => {
    const text = '本收据由系统生成 / This receipt was generated by the system';
    put(text, MARGIN, doc.page.height - 45, { size: 8, color: MUTED }, { width, align: 'center' });
  };
  const newPage = () => {
    footer();
    doc.addPage();
    return MARGIN;
  };

  // Title block: the receipt number and issue date sit on the right, opposite the title.
  put('收据 Receipt', MARGIN, MARGIN, { size: 22, bold: true });
  const meta = { size: 9, color: MUTED };
  const right = { width: width / 2, align: 'right' } as const;
  let y = put(`收据编号 Receipt no.  ${data.receiptNo}`, MARGIN + width / 2, MARGIN + 2, meta, right);
  y = put(`开具日期 Issued  ${formatDate(data.issuedAt, data.timeZone)}`, MARGIN + width / 2, y, meta, right);
  const title = data.conferenceTitle;
  y = put(title.zh || title.en, MARGIN, Math.max(y, MARGIN + 30) + 12, { size: 13, bold: true }, { width });
  if (title.en && title.en !== title.zh) y = put(title.en, MARGIN, y, { size: 10, color: MUTED }, { width });
  rule(y + 10, 0.75);
  y += 22;

  // Payment details: a two-column grid of small label over value, each value wrapping in its half.
  const fields: Array<[string, string]> = [
    ['付款人 Payer', data.payerName],
    ['付款时间 Paid at', formatDate(data.paidAt, data.timeZone)],
    ['电子邮箱 Email', data.payerEmail],
    ['付款方式 Payment method', bilingual(data.method)],
    ['币种 Currency', data.currency],
    ['交易号 Transaction ID', data.providerTxnId ?? '—'],
  ];
  const half = width / 2;
  for (let i = 0; i < fields.length; i += 2) {
    let rowBottom = y;
    fields.slice(i, i + 2).forEach(([label, value], column) => {
      const x = MARGIN + column * half;
      const below = put(label, x, y, { size: 8, color: MUTED }, { width: half - 12 });
      rowBottom = Math.max(rowBottom, put(value, x, below + 1, { size: 10 }, { width: half - 12 }));
    });
    y = rowBottom + 8;
  }
  y += 8;

  // Line items: every row is measured first so a row never splits across pages.
  const itemWidth = width - COLUMNS.reduce((sum, c) => sum + c.width, 0);
  const widths = COLUMNS.map((c) => c.width || itemWidth);
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const cell = (i: number) => ({ width: widths[i] - 2 * PAD_X, align: COLUMNS[i].align });
  const header = () => {
    const h = 2 * PAD_Y + 24;
    doc.rect(MARGIN, y, width, h).fill(SHADE);
    COLUMNS.forEach((c, i) => {
      const below = put(c.zh, xs[i] + PAD_X, y + PAD_Y, { size: 9, bold: true }, cell(i));
      put(c.en, xs[i] + PAD_X, below, { size: 8, color: MUTED }, cell(i));
    });
    y += h;
  };
  header();
  for (const line of data.lines) {
    const zh = line.item.zh.trim() || line.item.en.trim();
    const en = line.item.en.trim() && line.item.en.trim() !== zh ? line.item.en.trim() : '';
    setStyle({ size: 9.5 });
    const zhHeight = doc.heightOfString(zh, cell(1));
    const orderHeight = doc.heightOfString(line.orderNo, cell(0));
    const enHeight = en ? setStyle({ size: 8.5 }).heightOfString(en, cell(1)) + 1 : 0;
    const h = Math.max(zhHeight + enHeight, orderHeight) + 2 * PAD_Y;
    if (y + h > bottom) {
      y = newPage();
      header();
    }
    const top = y + PAD_Y;
    const values = [line.orderNo, zh, String(line.quantity), money(line.unitPriceMinor), money(line.totalMinor)];
    values.forEach((value, i) => put(value, xs[i] + PAD_X, top, { size: 9.5 }, cell(i)));
    if (en) put(en, xs[1] + PAD_X, top + zhHeight + 1, { size: 8.5, color: MUTED }, cell(1));
    y += h;
    rule(y, 0.5);
  }

  // Totals, right-aligned with the amount column; a refund also shows what was finally kept.
  const totals: Array<[string, string, boolean]> = [['合计 Total', money(data.amountMinor), true]];
  if (data.refundedMinor > 0) {
    totals.push(['已退款 Refunded', `−${money(data.refundedMinor)}`, false]);
    totals.push(['实付净额 Net paid', money(data.amountMinor - data.refundedMinor), true]);
  }
  if (y + 10 + totals.length * 20 > bottom) y = newPage();
  y += 10;
  const boxX = MARGIN + width - 260;
  for (const [label, value, strong] of totals) {
    const style = strong ? { size: 11, bold: true } : { size: 10, color: MUTED };
    put(label, boxX, y, style, { width: 130 });
    put(value, boxX + 130, y, style, { width: 130 - PAD_X, align: 'right' });
    y += 20;
  }

  footer();
  doc.end();
  return bytes;
}
