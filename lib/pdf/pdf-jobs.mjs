// @ts-check
/**
 * What every PDF worker of the app shares (the receipts: lib/payments/receipt-worker.mjs; the book of abstracts:
 * lib/programme/book/book-worker.mjs): collecting the bytes pdfkit writes, and answering one job at a time from the
 * thread that started the worker. Plain JavaScript, like the workers.
 */
import { parentPort } from 'node:worker_threads';

/**
 * The bytes pdfkit writes for `doc`, resolved once the document has ended. Call it before drawing.
 * @param {PDFKit.PDFDocument} doc
 * @returns {Promise<Buffer>}
 */
export function pdfBytes(doc) {
  return new Promise((resolve, reject) => {
    /** @type {Uint8Array[]} */
    const chunks = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/**
 * In a worker thread, answers each `{ id, layout }` with `{ id, pdf, ...extra }` — the bytes moved, not copied — or
 * `{ id, error }`. The thread that started the worker sends the next job once this one is answered.
 * @template L
 * @param {(layout: L) => Promise<{ pdf: Buffer } & Record<string, unknown>>} draw
 */
export function answerPdfJobs(draw) {
  parentPort?.on('message', async (/** @type {{ id: number; layout: L }} */ { id, layout }) => {
    try {
      const { pdf, ...extra } = await draw(layout);
      const own = new Uint8Array(pdf.byteLength);
      own.set(pdf);
      parentPort?.postMessage({ id, pdf: own, ...extra }, [own.buffer]);
    } catch (error) {
      parentPort?.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  });
}
