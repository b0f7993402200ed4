// @ts-check
/**
 * The receipt PDF maker, run in a worker thread (node:worker_threads) so the ~0.1 s of CPU a
 * receipt takes never blocks the server's event loop. lib/payments/receipt-worker-pool.ts starts it
 * and sends one job at a time: `{ id, layout }`, where the layout (lib/payments/receipt-pdf.ts,
 * `ReceiptLayout`) already holds every text, amount and date as a string; the answer is
 * `{ id, pdf }` (the bytes, transferred) or `{ id, error }`.
 *
 * Plain JavaScript on purpose: Node loads it as it is, both under Vitest and in the built app
 * (where it is found from the working directory and listed in next.config.mjs's
 * outputFileTracingIncludes), so no bundler has to understand the worker.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import PDFDocument from 'pdfkit';

/**
 * The standard PDF fonts have no Chinese glyphs, so the receipt embeds (a subset of) Noto Sans CJK.
 * Debian's fonts-noto-cjk ships it as a collection (.ttc), from which the face is picked by its
 * PostScript name: 'NotoSansCJKsc-Regular' works, the family name 'Noto Sans CJK SC' does not.
 */
const DEFAULT_FONT_PATH = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

/** fontkit exactly as pdfkit itself resolves it (pdfkit accepts an opened fontkit font in place of a path). */
const fontkit = createRequire(createRequire(import.meta.url).resolve('pdfkit'))('fontkit');

/** @type {{ regular: unknown; bold: unknown } | undefined} */
let loadedFonts;

/**
 * Read and parsed once per worker (so once per process), not per receipt: parsing the 19 MB
 * collection again for every document was most of a receipt's cost. RECEIPT_FONT_PATH overrides
 * the Debian path; the bold face is the sibling "-Bold" file when present, else the regular one.
 */
function receiptFonts() {
  if (loadedFonts) return loadedFonts;
  const regularPath = process.env.RECEIPT_FONT_PATH || DEFAULT_FONT_PATH;
  if (!existsSync(regularPath)) {
    throw new Error(
      `Receipt font not found at ${regularPath}: install Debian's fonts-noto-cjk (apt-get install fonts-noto-cjk) ` +
        'or point RECEIPT_FONT_PATH at a font with Chinese glyphs',
    );
  }
  // A collection needs a face name; a single .ttf/.otf is opened without one.
  /** @param {string} path @param {string} weight */
  const open = (path, weight) => fontkit.create(readFileSync(path), /\.(ttc|otc)$/i.test(path) ? `NotoSansCJKsc-${weight}` : undefined);
  const boldPath = regularPath.replace(/Regular(\.\w+)$/, 'Bold$1');
  const regular = open(regularPath, 'Regular');
  const bold = boldPath !== regularPath && existsSync(boldPath) ? open(boldPath, 'Bold') : regular;
  loadedFonts = { regular, bold };
  return loadedFonts;
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
const COLUMNS = /** @type {const} */ ([
  { zh: '订单号', en: 'Order no.', width: 100, align: 'left' },
  { zh: '项目', en: 'Item', width: 0, align: 'left' },
  { zh: '数量', en: 'Qty', width: 40, align: 'right' },
  { zh: '单价', en: 'Unit price', width: 85, align: 'right' },
  { zh: '金额', en: 'Amount', width: 90, align: 'right' },
]);

/**
 * Draws the whole receipt into memory (receipts are small; the caller stores the bytes).
 * @param {import('./receipt-pdf').ReceiptLayout} layout
 * @returns {Promise<Buffer>}
 */
export function drawReceipt(layout) {
  const fonts = receiptFonts();
  const doc = new PDFDocument({
    size: 'A4',
    // A small bottom margin keeps the footer from triggering pdfkit's automatic page break;
    // the table breaks pages itself at `bottom` below.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 20 },
    info: { Title: `收据 Receipt ${layout.receiptNo}`, CreationDate: new Date(layout.createdAt) },
    lang: 'zh-CN',
  });
  /** @type {Promise<Buffer>} */
  const bytes = new Promise((resolve, reject) => {
    /** @type {Uint8Array[]} */
    const chunks = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont(REGULAR, /** @type {never} */ (fonts.regular));
  doc.registerFont(BOLD, /** @type {never} */ (fonts.bold));

  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN - 20;
  /** @typedef {{ size: number; bold?: boolean; color?: string }} Style */
  /** @param {Style} s */
  const setStyle = (s) =>
    doc
      .font(s.bold ? BOLD : REGULAR)
      .fontSize(s.size)
      .fillColor(s.color ?? INK);
  /**
   * Writes at an absolute position and returns the y below the (possibly wrapped) text.
   * @param {string} text @param {number} x @param {number} y @param {Style} s @param {PDFKit.Mixins.TextOptions} [options]
   */
  const put = (text, x, y, s, options = {}) => {
    setStyle(s).text(text, x, y, options);
    return doc.y;
  };
  /** @param {number} y @param {number} lineWidth */
  const rule = (y, lineWidth) => {
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
  const right = /** @type {const} */ ({ width: width / 2, align: 'right' });
  let y = put(`收据编号 Receipt no.  ${layout.receiptNo}`, MARGIN + width / 2, MARGIN + 2, meta, right);
  y = put(`开具日期 Issued  ${layout.issued}`, MARGIN + width / 2, y, meta, right);
  const title = layout.conferenceTitle;
  y = put(title.zh || title.en, MARGIN, Math.max(y, MARGIN + 30) + 12, { size: 13, bold: true }, { width });
  if (title.en && title.en !== title.zh) y = put(title.en, MARGIN, y, { size: 10, color: MUTED }, { width });
  rule(y + 10, 0.75);
  y += 22;

  // The payee: the organisation that received the money and its taxpayer id, each on a full line.
  /** @type {Array<[string, string]>} */
  const payee = [
    ['收款单位 Payee', layout.payeeName || '—'],
    ['纳税人识别号 Taxpayer ID', layout.payeeTaxpayerId || '—'],
  ];
  for (const [label, value] of payee) {
    const below = put(label, MARGIN, y, { size: 8, color: MUTED }, { width });
    y = put(value, MARGIN, below + 1, { size: 10 }, { width }) + 8;
  }

  // Payment details: a two-column grid of small label over value, each value wrapping in its half.
  /** @type {Array<[string, string]>} */
  const fields = [
    ['付款人 Payer', layout.payerName],
    ['付款时间 Paid at', layout.paid],
    ['电子邮箱 Email', layout.payerEmail],
    ['付款方式 Payment method', layout.method],
    ['币种 Currency', layout.currency],
    ['交易号 Transaction ID', layout.providerTxnId ?? '—'],
    ['支付单号 Payment no.', layout.billNo],
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
  /** @param {number} i */
  const cell = (i) => ({ width: widths[i] - 2 * PAD_X, align: COLUMNS[i].align });
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
  for (const line of layout.lines) {
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
    const values = [line.orderNo, zh, line.quantity, line.unitPrice, line.total];
    values.forEach((value, i) => put(value, xs[i] + PAD_X, top, { size: 9.5 }, cell(i)));
    if (en) put(en, xs[1] + PAD_X, top + zhHeight + 1, { size: 8.5, color: MUTED }, cell(1));
    y += h;
    rule(y, 0.5);
  }

  // Totals, right-aligned with the amount column; a refund also shows what was finally kept.
  /** @type {Array<[string, string, boolean]>} */
  const totals = [['合计 Total', layout.total, true]];
  if (layout.refund) {
    totals.push(['已退款 Refunded', `−${layout.refund.refunded}`, false]);
    totals.push(['实付净额 Net paid', layout.refund.net, true]);
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

// One job at a time (the pool sends the next when this one answered); the bytes are moved, not copied.
parentPort?.on('message', async (/** @type {{ id: number; layout: import('./receipt-pdf').ReceiptLayout }} */ { id, layout }) => {
  try {
    const pdf = await drawReceipt(layout);
    const own = new Uint8Array(pdf.byteLength);
    own.set(pdf);
    parentPort?.postMessage({ id, pdf: own }, [own.buffer]);
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
