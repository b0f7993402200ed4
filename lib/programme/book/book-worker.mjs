// @ts-check
/**
 * The book of abstracts' PDF maker, run in a worker thread (lib/programme/book/build-book.ts starts one per build
 * with a heap limit and a time limit), so a build of hundreds of pages never blocks a server's event loop. It gets
 * `{ id, layout }` (lib/programme/book/book-layout.ts, `BookLayout`: every text already in the book's language) and
 * answers `{ id, pdf, pages }` (the bytes, transferred) or `{ id, error }`.
 *
 * Run as a script (`node lib/programme/book/book-worker.mjs < layout.json`) it draws one book from standard input
 * and prints its figures — time, pages, bytes, the process's peak memory — which `npm run bench:programme` reads.
 *
 * Plain JavaScript on purpose, like the receipt worker: Node loads it as it is, under Vitest and in the server.
 */
import { fileURLToPath } from 'node:url';
import { parentPort } from 'node:worker_threads';
import PDFDocument from 'pdfkit';
import { cjkFonts } from '../../pdf/cjk-fonts.mjs';
import { answerPdfJobs, pdfBytes } from '../../pdf/pdf-jobs.mjs';

const REGULAR = 'book-regular';
const BOLD = 'book-bold';
const INK = '#1a1a1a';
const MUTED = '#5f5f5f';
const ACCENT = '#1c4e80';
const RULE = '#c8c8c8';
const MARGIN = 56;
const PAGE_COLUMN = 40;
const CODE_COLUMN = 58;

/**
 * @typedef {import('./book-layout').BookLayout} BookLayout
 * @typedef {import('./book-layout').BookContribution} BookContribution
 * @typedef {{ size: number; bold?: boolean; color?: string }} Style
 */

/**
 * Draws the whole book into memory: cover, contents (page numbers filled in once the body is laid out: the pages
 * are kept buffered), every session's contributions, the author index, and page numbers in every footer.
 * @param {BookLayout} layout
 * @returns {Promise<{ pdf: Buffer; pages: number }>}
 */
export function drawBook(layout) {
  const fonts = cjkFonts();
  const doc = new PDFDocument({
    size: 'A4',
    bufferPages: true,
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN },
    info: { Title: `${layout.cover.title} — ${layout.cover.kicker}`, CreationDate: new Date(layout.createdAt) },
    lang: layout.lang === 'zh' ? 'zh-CN' : 'en-GB',
    autoFirstPage: true,
  });
  const bytes = pdfBytes(doc);
  doc.registerFont(REGULAR, /** @type {never} */ (fonts.regular));
  doc.registerFont(BOLD, /** @type {never} */ (fonts.bold));

  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN;
  /** @param {Style} s */
  const style = (s) =>
    doc
      .font(s.bold ? BOLD : REGULAR)
      .fontSize(s.size)
      .fillColor(s.color ?? INK);
  const pageIndex = () => {
    const range = doc.bufferedPageRange();
    return range.start + range.count - 1;
  };
  /** A new page unless `height` more points fit on this one. @param {number} height */
  const room = (height) => {
    if (doc.y + height > bottom) doc.addPage();
  };
  /** @param {string} text @param {Style} s @param {PDFKit.Mixins.TextOptions} [options] */
  const para = (text, s, options = {}) => {
    if (!text) return;
    style(s).text(text, MARGIN, doc.y, { width, ...options });
  };
  const rule = () => {
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + width, doc.y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  };

  // The cover.
  doc.y = doc.page.height / 3;
  para(layout.cover.kicker, { size: 14, color: ACCENT });
  doc.moveDown(0.6);
  para(layout.cover.title, { size: 26, bold: true });
  doc.moveDown(0.8);
  for (const line of layout.cover.lines) para(line, { size: 13 });
  doc.y = bottom - 30;
  para(layout.cover.version, { size: 10, color: MUTED });

  // The contents: one line per session and per contribution, the page number filled in later at its slot.
  /** @type {Array<{ page: number; y: number; code: string }>} */
  const slots = [];
  const entryWidth = width - CODE_COLUMN - PAGE_COLUMN;
  doc.addPage();
  para(layout.labels.contents, { size: 18, bold: true });
  doc.moveDown(0.5);
  for (const day of layout.days) {
    room(40);
    doc.moveDown(0.4);
    para(day.heading, { size: 12, bold: true, color: ACCENT });
    for (const session of day.sessions) {
      style({ size: 10.5, bold: true });
      room(doc.heightOfString(session.title, { width: width - PAGE_COLUMN }) + 24);
      doc.moveDown(0.3);
      slots.push({ page: pageIndex(), y: doc.y, code: session.contributions[0].code });
      para(session.title, { size: 10.5, bold: true }, { width: width - PAGE_COLUMN });
      para(session.meta, { size: 8.5, color: MUTED }, { width: width - PAGE_COLUMN });
      for (const c of session.contributions) {
        style({ size: 9.5 });
        room(doc.heightOfString(c.title, { width: entryWidth }) + 2);
        const y = doc.y;
        slots.push({ page: pageIndex(), y, code: c.code });
        style({ size: 9.5, color: MUTED }).text(c.code, MARGIN, y, { width: CODE_COLUMN - 6, lineBreak: false });
        style({ size: 9.5 }).text(c.title, MARGIN + CODE_COLUMN, y, { width: entryWidth });
        doc.y += 1;
      }
    }
  }

  // The body: each day from a new page, its sessions, and every contribution with its abstract.
  /** @type {Map<string, number>} */
  const pageOf = new Map();
  /** @param {BookContribution} c */
  const contribution = (c) => {
    style({ size: 12, bold: true });
    const titleHeight = doc.heightOfString(c.title, { width });
    room(titleHeight + 90);
    doc.moveDown(0.6);
    pageOf.set(c.code, pageIndex());
    para([c.code, c.kind].filter(Boolean).join(' · '), { size: 9, bold: true, color: ACCENT });
    para(c.title, { size: 12, bold: true });
    para([c.when, c.board].filter(Boolean).join(' · '), { size: 8.5, color: MUTED });
    doc.moveDown(0.2);
    // Authors with their affiliations' numbers raised (smaller, top-aligned) and the presenter underlined.
    /** @type {Array<{ text: string; size: number; underline: boolean }>} */
    const pieces = c.authors.flatMap((a, i) => [
      { text: a.name, size: 10, underline: a.presenter },
      ...(a.sup ? [{ text: a.sup, size: 6.5, underline: false }] : []),
      ...(i < c.authors.length - 1 ? [{ text: ', ', size: 10, underline: false }] : []),
    ]);
    doc.x = MARGIN;
    pieces.forEach((piece, i) => {
      const continued = i < pieces.length - 1;
      const options = { continued, underline: piece.underline, width };
      if (i === 0) style({ size: piece.size }).text(piece.text, MARGIN, doc.y, options);
      else style({ size: piece.size }).text(piece.text, options);
    });
    for (const line of c.affiliations) para(line, { size: 8.5, color: MUTED });
    para(c.presenter, { size: 8.5, color: MUTED });
    para(c.keywords, { size: 8.5, color: MUTED });
    doc.moveDown(0.3);
    para(c.abstract, { size: 10 }, { lineGap: 2, paragraphGap: 4 });
    doc.moveDown(0.4);
    rule();
  };
  for (const day of layout.days) {
    doc.addPage();
    para(day.heading, { size: 16, bold: true, color: ACCENT });
    for (const session of day.sessions) {
      room(80);
      doc.moveDown(0.8);
      para(session.title, { size: 14, bold: true });
      para(session.meta, { size: 9, color: MUTED });
      for (const c of session.contributions) contribution(c);
    }
  }

  // The author index: each name with its contributions' codes and pages.
  doc.addPage();
  para(layout.labels.authorIndex, { size: 18, bold: true });
  doc.moveDown(0.5);
  for (const entry of layout.index) {
    const where = entry.codes.map((code) => `${code} (${(pageOf.get(code) ?? 0) + 1})`).join(', ');
    const text = `${entry.name}  ${where}`;
    style({ size: 9.5 });
    room(doc.heightOfString(text, { width }));
    para(text, { size: 9.5 }, { indent: 0 });
  }

  // The contents' page numbers, now that every contribution has its page; then the footers.
  const range = doc.bufferedPageRange();
  for (const slot of slots) {
    doc.switchToPage(slot.page);
    const page = pageOf.get(slot.code);
    if (page === undefined) continue;
    style({ size: 9.5 }).text(String(page + 1), MARGIN + width - PAGE_COLUMN, slot.y, {
      width: PAGE_COLUMN,
      align: 'right',
      lineBreak: false,
    });
  }
  for (let i = range.start + 1; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing below the margin must not start a new page
    style({ size: 8, color: MUTED }).text(`${layout.cover.title} · ${i + 1}`, MARGIN, doc.page.height - MARGIN / 2 - 4, {
      width,
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
  const pages = range.count;
  doc.flushPages();
  doc.end();
  return bytes.then((pdf) => ({ pdf, pages }));
}

// In a worker thread: one job at a time.
answerPdfJobs(drawBook);

// As a script: one layout from standard input, its figures on standard output (the bench's child process).
if (!parentPort && process.argv[1] === fileURLToPath(import.meta.url)) {
  /** @type {Buffer[]} */
  const input = [];
  for await (const chunk of process.stdin) input.push(chunk);
  const layout = JSON.parse(Buffer.concat(input).toString('utf8'));
  const started = performance.now();
  const { pdf, pages } = await drawBook(layout);
  const ms = performance.now() - started;
  // maxRSS is in kilobytes: the whole process's peak, fonts and document included; CPU times in microseconds.
  const usage = process.resourceUsage();
  const cpuMs = (usage.userCPUTime + usage.systemCPUTime) / 1000;
  process.stdout.write(JSON.stringify({ ms, cpuMs, pages, bytes: pdf.byteLength, peakMb: usage.maxRSS / 1024 }));
}
