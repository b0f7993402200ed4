import QRCode from 'qrcode';

/**
 * The QR code of `text` as one SVG path (each dark module a unit square) and its size in modules, for a server-drawn
 * `<svg>` with no client code and no injected markup. A quiet zone of `margin` modules is added around it.
 */
export function qrPath(text: string, margin = 2): { size: number; d: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) parts.push(`M${col + margin} ${row + margin}h1v1h-1z`);
    }
  }
  return { size: modules.size + 2 * margin, d: parts.join('') };
}
