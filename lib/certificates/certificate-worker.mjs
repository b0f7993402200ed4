// @ts-check
/**
 * The certificate of attendance maker, run in a worker thread like the tickets' and badges': one landscape A4 page,
 * bilingual — the Chinese title and text, then the English ones — the signatory with the signature image and the
 * seal over it, and the verification code with the address of the public verification page (and its QR code). The
 * texts are fitted: when both languages' texts are too tall for the page, their sizes shrink together. The job
 * (lib/certificates/certificates.ts, `CertificateJob`) holds every text final.
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { cjkFonts } from '../pdf/cjk-fonts.mjs';
import { answerPdfJobs, pdfBytes } from '../pdf/pdf-jobs.mjs';

const REGULAR = 'certificate-regular';
const BOLD = 'certificate-bold';
const INK = '#1a1a1a';
const MUTED = '#555555';
const ACCENT = '#8a6d1f';
const MARGIN = 56;

/**
 * @param {PDFKit.PDFDocument} doc @param {string} text @param {number} left @param {number} top @param {number} side
 */
function qr(doc, text, left, top, side) {
  const code = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = code.modules.size;
  const cell = side / n;
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) if (code.modules.get(row, col)) doc.rect(left + col * cell, top + row * cell, cell, cell);
  }
  doc.fillColor('#000000').fill();
}

/**
 * @param {import('./certificates').CertificateJob} job
 * @returns {Promise<Buffer>}
 */
export function drawCertificate(job) {
  const fonts = cjkFonts();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: job.docTitle, CreationDate: new Date(job.createdAt) },
    lang: 'zh-CN',
  });
  const done = pdfBytes(doc);
  doc.registerFont(REGULAR, /** @type {any} */ (fonts.regular));
  doc.registerFont(BOLD, /** @type {any} */ (fonts.bold));
  const { width: pageWidth, height: pageHeight } = doc.page;
  const width = pageWidth - 2 * MARGIN;

  // The frame.
  doc
    .lineWidth(3)
    .strokeColor(ACCENT)
    .rect(20, 20, pageWidth - 40, pageHeight - 40)
    .stroke();
  doc
    .lineWidth(0.8)
    .rect(28, 28, pageWidth - 56, pageHeight - 56)
    .stroke();

  // The texts, shrunk together until they fit above the signature area.
  const footer = 150;
  const room = pageHeight - MARGIN - footer - MARGIN;
  /** @param {number} k */
  const heights = (k) => {
    const h = (/** @type {string} */ font, /** @type {number} */ size, /** @type {string} */ text) =>
      text ? doc.font(font).fontSize(size).heightOfString(text, { width, align: 'center' }) : 0;
    return (
      h(BOLD, 28 * k, job.zh.title) +
      h(REGULAR, 14 * k, job.zh.body) +
      h(BOLD, 20 * k, job.en.title) +
      h(REGULAR, 12 * k, job.en.body) +
      44 * k
    );
  };
  let k = 1;
  while (k > 0.45 && heights(k) > room) k -= 0.05;
  // Centred in the space above the signature area.
  doc.y = MARGIN + Math.max(0, (room - heights(k)) / 2);
  doc
    .font(BOLD)
    .fontSize(28 * k)
    .fillColor(INK)
    .text(job.zh.title, MARGIN, doc.y, { width, align: 'center' });
  doc.moveDown(0.4);
  doc
    .font(REGULAR)
    .fontSize(14 * k)
    .fillColor(INK)
    .text(job.zh.body, MARGIN, doc.y, { width, align: 'center', lineGap: 4 * k });
  doc.y += 20 * k;
  doc
    .font(BOLD)
    .fontSize(20 * k)
    .fillColor(INK)
    .text(job.en.title, MARGIN, doc.y, { width, align: 'center' });
  doc.moveDown(0.4);
  doc
    .font(REGULAR)
    .fontSize(12 * k)
    .fillColor(INK)
    .text(job.en.body, MARGIN, doc.y, { width, align: 'center', lineGap: 3 * k });

  // The signatory, bottom right: signature image over the line, names under it, the seal over both.
  const signLeft = pageWidth - MARGIN - 240;
  const lineY = pageHeight - MARGIN - 50;
  if (job.signature)
    doc.image(Buffer.from(job.signature), signLeft + 30, lineY - 62, { fit: [180, 58], align: 'center', valign: 'bottom' });
  doc
    .lineWidth(0.8)
    .strokeColor(INK)
    .moveTo(signLeft, lineY)
    .lineTo(signLeft + 240, lineY)
    .stroke();
  const signatory = [job.zh.signatory, job.en.signatory].filter(Boolean).join('\n');
  if (signatory)
    doc
      .font(REGULAR)
      .fontSize(10)
      .fillColor(INK)
      .text(signatory, signLeft, lineY + 6, { width: 240, align: 'center' });
  if (job.seal) {
    doc.save().opacity(0.85);
    doc.image(Buffer.from(job.seal), signLeft + 140, lineY - 100, { fit: [110, 110], align: 'center', valign: 'center' });
    doc.restore();
  }

  // The verification code, bottom left.
  const side = 64;
  const qrTop = pageHeight - MARGIN - side - 8;
  qr(doc, job.verifyUrl, MARGIN, qrTop, side);
  const textLeft = MARGIN + side + 10;
  doc.font(REGULAR).fontSize(9).fillColor(MUTED).text(job.codeLabel, textLeft, qrTop, { width: 300 });
  doc
    .font(BOLD)
    .fontSize(13)
    .fillColor(INK)
    .text(job.code, textLeft, doc.y + 2, { width: 300 });
  doc
    .font(REGULAR)
    .fontSize(8)
    .fillColor(MUTED)
    .text(job.verifyLabel, textLeft, doc.y + 4, { width: 300 });
  // The address on a line of its own, never wrapped (a break would cut the code).
  doc.text(job.verifyUrl, textLeft, doc.y, { lineBreak: false });
  doc.end();
  return done;
}

answerPdfJobs(async (/** @type {import('./certificates').CertificateJob} */ job) => ({ pdf: await drawCertificate(job) }));
