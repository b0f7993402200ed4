// @ts-check
/**
 * The badge PDF maker, run in a worker thread like the tickets' (lib/tickets/ticket-worker.mjs): A4 sheets with one
 * or two badges each (A6 or A7), cutting marks at every badge's corners, and on each badge the texts placed by
 * lib/badges/badge-layout.mjs (fitted with pdfkit's own measurements in Noto Sans CJK) and the ticket's QR code as
 * vector squares. The job (lib/badges/badge-pdf.ts, `BadgeJob`) holds every text final; the answer carries the first
 * badge's plan too, which the settings page draws as its preview.
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { cjkFonts } from '../pdf/cjk-fonts.mjs';
import { answerPdfJobs, pdfBytes } from '../pdf/pdf-jobs.mjs';
import { MARK_LENGTH, MARK_OFFSET, planBadge, sheetSlots } from './badge-layout.mjs';

const FONTS = { regular: 'badge-regular', bold: 'badge-bold' };

/**
 * @param {PDFKit.PDFDocument} doc
 * @param {{ x: number; y: number; width: number; height: number }} slot
 */
function cutMarks(doc, slot) {
  const { x, y, width, height } = slot;
  const corners = [
    [x, y, -1, -1],
    [x + width, y, 1, -1],
    [x, y + height, -1, 1],
    [x + width, y + height, 1, 1],
  ];
  for (const [cx, cy, dx, dy] of corners) {
    doc.moveTo(cx + dx * MARK_OFFSET, cy).lineTo(cx + dx * (MARK_OFFSET + MARK_LENGTH), cy);
    doc.moveTo(cx, cy + dy * MARK_OFFSET).lineTo(cx, cy + dy * (MARK_OFFSET + MARK_LENGTH));
  }
  doc.lineWidth(0.5).strokeColor('#000000').stroke();
}

/**
 * @param {PDFKit.PDFDocument} doc
 * @param {import('./badge-layout.d.mts').BadgePlan} plan
 * @param {{ x: number; y: number }} at
 */
function drawPlan(doc, plan, at) {
  // A thin outline, so a badge cut without marks still shows its edge.
  doc.rect(at.x, at.y, plan.width, plan.height).lineWidth(0.3).strokeColor('#bbbbbb').stroke();
  for (const item of plan.items) {
    if (item.type === 'rect')
      doc
        .rect(at.x + item.x, at.y + item.y, item.width, item.height)
        .fillColor(item.fill)
        .fill();
    else if (item.type === 'text') {
      doc
        .font(item.font === 'bold' ? FONTS.bold : FONTS.regular)
        .fontSize(item.size)
        .fillColor(item.color)
        .text(item.text, at.x + item.x, at.y + item.y, { width: item.width, align: 'center', lineBreak: false });
    } else if (item.type === 'qr') {
      const qr = QRCode.create(item.token, { errorCorrectionLevel: 'M' });
      const n = qr.modules.size;
      const cell = item.width / n;
      for (let row = 0; row < n; row++) {
        for (let col = 0; col < n; col++) {
          if (qr.modules.get(row, col)) doc.rect(at.x + item.x + col * cell, at.y + item.y + row * cell, cell, cell);
        }
      }
      doc.fillColor('#000000').fill();
    }
  }
}

/**
 * @param {import('./badge-pdf').BadgeJob} job
 * @returns {Promise<{ pdf: Buffer; plan: import('./badge-layout.d.mts').BadgePlan | null }>}
 */
export async function drawBadges(job) {
  const fonts = cjkFonts();
  const { page, slots } = sheetSlots(job.settings);
  const doc = new PDFDocument({
    size: [page.width, page.height],
    margin: 0,
    autoFirstPage: false,
    info: { Title: job.title, CreationDate: new Date(job.createdAt) },
    lang: job.lang === 'zh' ? 'zh-CN' : 'en',
  });
  const done = pdfBytes(doc);
  doc.registerFont(FONTS.regular, /** @type {any} */ (fonts.regular));
  doc.registerFont(FONTS.bold, /** @type {any} */ (fonts.bold));
  /** @type {import('./badge-layout.d.mts').BadgePlan | null} */
  let first = null;
  job.badges.forEach((badge, i) => {
    const slot = slots[i % slots.length];
    if (i % slots.length === 0) doc.addPage({ size: [page.width, page.height], margin: 0 });
    const plan = planBadge(doc, badge, job.settings, FONTS);
    first ??= plan;
    drawPlan(doc, plan, slot);
    if (job.settings.cutMarks) cutMarks(doc, slot);
  });
  if (!job.badges.length) doc.addPage({ size: [page.width, page.height], margin: 0 });
  doc.end();
  return { pdf: await done, plan: first };
}

answerPdfJobs(async (/** @type {import('./badge-pdf').BadgeJob} */ job) => drawBadges(job));
