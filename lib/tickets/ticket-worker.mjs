// @ts-check
/**
 * The ticket PDF maker, run in a worker thread like the receipts' (lib/payments/receipt-worker.mjs): one A6 page with
 * the conference, the holder's name and organisation, the registration number and fee, and the QR code of the signed
 * token drawn as vector squares (sharp at any print size). The layout (lib/tickets/ticket-pdf.ts, `TicketLayout`)
 * holds every text already in the holder's language.
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { cjkFonts } from '../pdf/cjk-fonts.mjs';
import { answerPdfJobs, pdfBytes } from '../pdf/pdf-jobs.mjs';

const REGULAR = 'ticket-regular';
const BOLD = 'ticket-bold';
const INK = '#1a1a1a';
const MUTED = '#6b6b6b';
const MARGIN = 24;

/**
 * @param {import('./ticket-pdf').TicketLayout} layout
 * @returns {Promise<Buffer>}
 */
export function drawTicket(layout) {
  const fonts = cjkFonts();
  const doc = new PDFDocument({
    size: 'A6',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 10 },
    info: { Title: `${layout.heading} ${layout.code}`, CreationDate: new Date(layout.createdAt) },
    lang: layout.lang === 'zh' ? 'zh-CN' : 'en',
  });
  const done = pdfBytes(doc);
  doc.registerFont(REGULAR, /** @type {any} */ (fonts.regular));
  doc.registerFont(BOLD, /** @type {any} */ (fonts.bold));
  const width = doc.page.width - 2 * MARGIN;

  doc.font(REGULAR).fontSize(9).fillColor(MUTED).text(layout.conference, { width, align: 'center' });
  doc.moveDown(0.3);
  doc.font(BOLD).fontSize(14).fillColor(INK).text(layout.heading, { width, align: 'center' });
  doc.moveDown(0.5);

  // The QR code: the token's modules as filled squares, centred, with a quiet zone of the page's white.
  const qr = QRCode.create(layout.token, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const side = Math.min(width * 0.7, 170);
  const cell = side / size;
  const left = MARGIN + (width - side) / 2;
  const top = doc.y;
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (qr.modules.get(row, col)) doc.rect(left + col * cell, top + row * cell, cell, cell);
    }
  }
  doc.fillColor('#000000').fill();
  doc.y = top + side + 10;

  doc.font(BOLD).fontSize(16).fillColor(INK).text(layout.name, MARGIN, doc.y, { width, align: 'center' });
  if (layout.organisation) doc.font(REGULAR).fontSize(9).fillColor(MUTED).text(layout.organisation, { width, align: 'center' });
  doc.moveDown(0.4);
  /** @param {string} label @param {string} value */
  const line = (label, value) => doc.font(REGULAR).fontSize(10).fillColor(INK).text(`${label}: ${value}`, { width, align: 'center' });
  line(layout.codeLabel, layout.code);
  if (layout.fee) line(layout.feeLabel, layout.fee);
  doc.moveDown(0.4);
  doc.font(REGULAR).fontSize(7).fillColor(MUTED).text(layout.note, { width, align: 'center' });
  doc.end();
  return done;
}

answerPdfJobs(async (/** @type {import('./ticket-pdf').TicketLayout} */ layout) => ({ pdf: await drawTicket(layout) }));
