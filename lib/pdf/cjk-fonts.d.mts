/** Types of lib/pdf/cjk-fonts.mjs (plain JavaScript run by the PDF workers, imported by tests). */
export function cjkFonts(): { regular: unknown; bold: unknown };
