/** Types of lib/badges/badge-layout.mjs (plain JavaScript run by the badge worker and imported by the tests). */

/** One badge's texts, final and in the chosen language(s). */
export type BadgeText = {
  conference: string;
  name: string;
  latinName: string;
  organisation: string;
  country: string;
  /** The role's label ('' when the role is not shown). */
  role: string;
  codeLabel: string;
  code: string;
  /** The ticket's signed token for the QR code, '' without a ticket. */
  token: string;
  /** The band colour, #rrggbb. */
  colour: string;
};

export type PlanItem =
  | { type: 'rect'; x: number; y: number; width: number; height: number; fill: string }
  | {
      type: 'text';
      x: number;
      y: number;
      width: number;
      size: number;
      /** From the line's top to its baseline. */
      ascent: number;
      font: 'regular' | 'bold';
      color: string;
      text: string;
      role: string;
    }
  | { type: 'qr'; x: number; y: number; width: number; height: number; token: string };

/** Where everything of one badge goes, in points from its top-left corner. */
export type BadgePlan = { width: number; height: number; items: PlanItem[] };

export const A4: { width: number; height: number };
export const SHEET_GAP: number;
export const MARK_LENGTH: number;
export const MARK_OFFSET: number;

export function sheetSlots(settings: { size: 'A6' | 'A7'; perSheet: 1 | 2 }): {
  page: { width: number; height: number };
  badge: { width: number; height: number };
  slots: { x: number; y: number; width: number; height: number }[];
};
export function wrapText(doc: PDFKit.PDFDocument, text: string, width: number): string[];
export function fitText(
  doc: PDFKit.PDFDocument,
  box: { text: string; font: string; maxSize: number; minSize: number; width: number; maxLines: number },
): { size: number; lines: string[]; truncated: boolean };
export function inkOn(hex: string): string;
export function planBadge(
  doc: PDFKit.PDFDocument,
  badge: BadgeText,
  settings: { size: 'A6' | 'A7'; show: Record<string, boolean> },
  fonts: { regular: string; bold: string },
): BadgePlan;
