// @ts-check
/**
 * The badge's layout math, shared by the badge worker (lib/badges/badge-worker.mjs) and the tests: where each badge
 * sits on an A4 sheet (one or two per sheet, with room for cutting marks) and where each text of a badge goes, at a
 * size that fits. Texts are measured with pdfkit's widthOfString in the badge's own fonts, so a long name or
 * organisation shrinks (then wraps onto a second line, then is cut with an ellipsis) instead of overflowing.
 * Plain JavaScript like the workers; its types are in badge-layout.d.mts.
 */

const MM = 72 / 25.4;
/** A4 in points, portrait. */
export const A4 = { width: 595.28, height: 841.89 };
/** Badge sizes in millimetres (lib/badges/settings-schema.ts BADGE_SIZES says the same). */
const SIZES = { A6: { width: 105, height: 148 }, A7: { width: 74, height: 105 } };
/** The gap between two badges on a sheet: room for both badges' cutting marks. */
export const SHEET_GAP = 10 * MM;
/** Cutting marks: this long, starting this far outside the badge's corner. */
export const MARK_LENGTH = 4 * MM;
export const MARK_OFFSET = 1.5 * MM;

/**
 * The sheet and the badges' places on it: one badge centred on a portrait A4, or two side by side on a landscape A4.
 * @param {{ size: 'A6' | 'A7'; perSheet: 1 | 2 }} settings
 */
export function sheetSlots(settings) {
  const badge = { width: SIZES[settings.size].width * MM, height: SIZES[settings.size].height * MM };
  const page = settings.perSheet === 2 ? { width: A4.height, height: A4.width } : { ...A4 };
  const across = settings.perSheet;
  const total = across * badge.width + (across - 1) * SHEET_GAP;
  const left = (page.width - total) / 2;
  const top = (page.height - badge.height) / 2;
  const slots = Array.from({ length: across }, (_, i) => ({ x: left + i * (badge.width + SHEET_GAP), y: top, ...badge }));
  return { page, badge, slots };
}

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

/** Words and single CJK characters: the places a line may break. */
function tokens(/** @type {string} */ text) {
  /** @type {string[]} */
  const out = [];
  for (const part of text.split(/(\s+)/)) {
    if (!part) continue;
    if (CJK_CHAR.test(part)) out.push(...Array.from(part));
    else out.push(part);
  }
  return out;
}

/**
 * Greedy line breaking at `width` with the document's current font and size; a token wider than a line is cut
 * between characters.
 * @param {PDFKit.PDFDocument} doc @param {string} text @param {number} width
 */
export function wrapText(doc, text, width) {
  /** @type {string[]} */
  const lines = [];
  let line = '';
  const push = () => {
    if (line.trim()) lines.push(line.trim());
    line = '';
  };
  for (const token of tokens(text)) {
    const tried = line + token;
    if (doc.widthOfString(tried) <= width) {
      line = tried;
      continue;
    }
    if (/^\s+$/.test(token)) {
      push();
      continue;
    }
    push();
    if (doc.widthOfString(token) <= width) {
      line = token;
      continue;
    }
    for (const char of Array.from(token)) {
      if (doc.widthOfString(line + char) > width) push();
      line += char;
    }
  }
  push();
  return lines;
}

/**
 * The largest size at which `text` fits `width`: on one line from maxSize down to a little over half of it, then on
 * up to `maxLines` lines down to minSize; failing that, at minSize on `maxLines` lines, the last one cut with "…".
 * @param {PDFKit.PDFDocument} doc
 * @param {{ text: string; font: string; maxSize: number; minSize: number; width: number; maxLines: number }} box
 * @returns {{ size: number; lines: string[]; truncated: boolean }}
 */
export function fitText(doc, { text, font, maxSize, minSize, width, maxLines }) {
  doc.font(font);
  const clean = text.replace(/\s+/g, ' ').trim();
  const step = 0.25;
  const singleFloor = Math.max(minSize, maxSize * 0.55);
  for (let size = maxSize; size >= singleFloor - 1e-9; size -= step) {
    doc.fontSize(size);
    if (doc.widthOfString(clean) <= width) return { size, lines: [clean], truncated: false };
  }
  if (maxLines > 1) {
    for (let size = Math.min(maxSize, singleFloor + step * 8); size >= minSize - 1e-9; size -= step) {
      doc.fontSize(size);
      const lines = wrapText(doc, clean, width);
      if (lines.length <= maxLines) return { size, lines, truncated: false };
    }
  }
  doc.fontSize(minSize);
  const lines = wrapText(doc, clean, width).slice(0, maxLines);
  let last = lines[lines.length - 1] ?? '';
  while (last && doc.widthOfString(`${last}…`) > width) last = Array.from(last).slice(0, -1).join('');
  lines[lines.length - 1] = `${last}…`;
  return { size: minSize, lines, truncated: true };
}

/** Black or white, whichever reads better on `hex`. */
export function inkOn(/** @type {string} */ hex) {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.4 ? '#1a1a1a' : '#ffffff';
}

/**
 * Where everything of one badge goes, in points from its top-left corner: the coloured band with the conference's
 * name, the name (large), the name in Latin letters, organisation, country, the QR code with the registration number
 * under it, and the role on a coloured band at the bottom. Each text is fitted to the badge's width (fitText); when
 * the texts together are too tall for the space between the bands, their sizes are scaled down until they fit.
 * @param {PDFKit.PDFDocument} doc
 * @param {import('./badge-layout.d.mts').BadgeText} badge
 * @param {{ size: 'A6' | 'A7'; show: Record<string, boolean> }} settings
 * @param {{ regular: string; bold: string }} fonts
 * @returns {import('./badge-layout.d.mts').BadgePlan}
 */
export function planBadge(doc, badge, settings, fonts) {
  const width = SIZES[settings.size].width * MM;
  const height = SIZES[settings.size].height * MM;
  const s = width / (105 * MM);
  const pad = 12 * s;
  const inner = width - 2 * pad;
  /** @type {import('./badge-layout.d.mts').PlanItem[]} */
  const items = [];
  const ink = inkOn(badge.colour);
  /** @param {string} font @param {number} size */
  const metrics = (font, size) => {
    doc.font(font).fontSize(size);
    return { lineHeight: doc.currentLineHeight(true), ascent: (doc._font.ascender / 1000) * size };
  };

  // The top band: the conference.
  const bandHeight = 0.16 * height;
  items.push({ type: 'rect', x: 0, y: 0, width, height: bandHeight, fill: badge.colour });
  const title = fitText(doc, { text: badge.conference, font: fonts.bold, maxSize: 13 * s, minSize: 6 * s, width: inner, maxLines: 2 });
  const tm = metrics(fonts.bold, title.size);
  let ty = (bandHeight - tm.lineHeight * title.lines.length) / 2;
  for (const line of title.lines) {
    items.push({
      type: 'text',
      x: pad,
      y: ty,
      width: inner,
      size: title.size,
      ascent: tm.ascent,
      font: 'bold',
      color: ink,
      text: line,
      role: 'conference',
    });
    ty += tm.lineHeight;
  }

  // The bottom: role band, registration number, QR code (bottom up).
  let bottom = height;
  if (settings.show.role && badge.role) {
    const roleHeight = 0.085 * height;
    bottom -= roleHeight;
    items.push({ type: 'rect', x: 0, y: bottom, width, height: roleHeight, fill: badge.colour });
    const role = fitText(doc, { text: badge.role, font: fonts.bold, maxSize: 14 * s, minSize: 6 * s, width: inner, maxLines: 1 });
    const rm = metrics(fonts.bold, role.size);
    items.push({
      type: 'text',
      x: pad,
      y: bottom + (roleHeight - rm.lineHeight) / 2,
      width: inner,
      size: role.size,
      ascent: rm.ascent,
      font: 'bold',
      color: ink,
      text: role.lines[0],
      role: 'role',
    });
  }
  bottom -= 6 * s;
  if (settings.show.code && badge.code) {
    const code = fitText(doc, {
      text: `${badge.codeLabel} ${badge.code}`,
      font: fonts.regular,
      maxSize: 9 * s,
      minSize: 5 * s,
      width: inner,
      maxLines: 1,
    });
    const cm = metrics(fonts.regular, code.size);
    bottom -= cm.lineHeight;
    items.push({
      type: 'text',
      x: pad,
      y: bottom,
      width: inner,
      size: code.size,
      ascent: cm.ascent,
      font: 'regular',
      color: '#333333',
      text: code.lines[0],
      role: 'code',
    });
    bottom -= 2 * s;
  }
  if (settings.show.qr && badge.token) {
    const side = 0.36 * width;
    bottom -= side;
    items.push({ type: 'qr', x: (width - side) / 2, y: bottom, width: side, height: side, token: badge.token });
    bottom -= 4 * s;
  }

  // The middle: name, Latin name, organisation, country, scaled together until they fit between the bands.
  const top = bandHeight + 8 * s;
  /** @type {{ role: string; text: string; font: 'regular' | 'bold'; max: number; min: number; lines: number; color: string }[]} */
  const wanted = [{ role: 'name', text: badge.name, font: 'bold', max: 30 * s, min: 9 * s, lines: 2, color: '#111111' }];
  if (settings.show.latinName && badge.latinName)
    wanted.push({ role: 'latinName', text: badge.latinName, font: 'regular', max: 15 * s, min: 6 * s, lines: 1, color: '#333333' });
  if (settings.show.organisation && badge.organisation)
    wanted.push({ role: 'organisation', text: badge.organisation, font: 'regular', max: 12 * s, min: 6 * s, lines: 2, color: '#333333' });
  if (settings.show.country && badge.country)
    wanted.push({ role: 'country', text: badge.country, font: 'regular', max: 10 * s, min: 6 * s, lines: 1, color: '#555555' });
  const gap = 4 * s;
  const room = Math.max(0, bottom - top);
  /** @type {{ role: string; fit: { size: number; lines: string[] }; font: 'regular' | 'bold'; color: string; lineHeight: number; ascent: number }[]} */
  let blocks = [];
  for (let scale = 1; scale > 0.3; scale *= 0.92) {
    blocks = wanted
      .filter((w) => w.text.trim())
      .map((w) => {
        const face = w.font === 'bold' ? fonts.bold : fonts.regular;
        const fit = fitText(doc, {
          text: w.text,
          font: face,
          maxSize: Math.max(w.min, w.max * scale),
          minSize: Math.min(w.min, w.max * scale),
          width: inner,
          maxLines: w.lines,
        });
        const m = metrics(face, fit.size);
        return { role: w.role, fit, font: w.font, color: w.color, lineHeight: m.lineHeight, ascent: m.ascent };
      });
    const total = blocks.reduce((sum, b) => sum + b.lineHeight * b.fit.lines.length, 0) + gap * Math.max(0, blocks.length - 1);
    if (total <= room) break;
  }
  const total = blocks.reduce((sum, b) => sum + b.lineHeight * b.fit.lines.length, 0) + gap * Math.max(0, blocks.length - 1);
  let y = top + Math.max(0, (room - total) / 2);
  for (const block of blocks) {
    for (const line of block.fit.lines) {
      items.push({
        type: 'text',
        x: pad,
        y,
        width: inner,
        size: block.fit.size,
        ascent: block.ascent,
        font: block.font,
        color: block.color,
        text: line,
        role: block.role,
      });
      y += block.lineHeight;
    }
    y += gap;
  }
  return { width, height, items };
}
