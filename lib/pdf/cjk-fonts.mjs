// @ts-check
/**
 * The CJK fonts every PDF of the app embeds (receipts: lib/payments/receipt-worker.mjs; the book of abstracts:
 * lib/programme/book/book-worker.mjs). The standard PDF fonts have no Chinese glyphs, so each PDF embeds (a subset of)
 * Noto Sans CJK. Debian's fonts-noto-cjk ships it as a collection (.ttc), from which the face is picked by its
 * PostScript name: 'NotoSansCJKsc-Regular' works, the family name 'Noto Sans CJK SC' does not.
 *
 * Plain JavaScript, like the workers that load it: Node runs it as it is, in a worker thread, with no bundler.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const DEFAULT_FONT_PATH = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

/** fontkit exactly as pdfkit itself resolves it (pdfkit accepts an opened fontkit font in place of a path). */
const fontkit = createRequire(createRequire(import.meta.url).resolve('pdfkit'))('fontkit');

/** @type {{ regular: unknown; bold: unknown } | undefined} */
let loadedFonts;

/**
 * Read and parsed once per worker (so once per thread), not per document: parsing the 19 MB collection again for
 * every document was most of a receipt's cost. RECEIPT_FONT_PATH overrides the Debian path; the bold face is the
 * sibling "-Bold" file when present, else the regular one.
 * @returns {{ regular: unknown; bold: unknown }}
 */
export function cjkFonts() {
  if (loadedFonts) return loadedFonts;
  const regularPath = process.env.RECEIPT_FONT_PATH || DEFAULT_FONT_PATH;
  if (!existsSync(regularPath)) {
    throw new Error(
      `CJK font not found at ${regularPath}: install Debian's fonts-noto-cjk (apt-get install fonts-noto-cjk) ` +
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
