import { todayIn } from '@/lib/conferences/website-config';
import { workbookStream, type WorkbookSpec } from '@/lib/exports/workbook';
import { fileResponse } from './download';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An export's file name: the conference, what it holds, and today's date in the conference's zone. */
export function exportFileName(conference: { slug: string; timeZone: string }, what: string): string {
  return `${conference.slug}-${what}-${todayIn(conference.timeZone)}.xlsx`;
}

/**
 * The workbook as a download: streamed while it is written, xlsx type, never sniffed or cached, under
 * `fileName` (Chinese names kept, RFC 5987).
 */
export function xlsxResponse(book: WorkbookSpec, fileName: string): Response {
  return fileResponse(workbookStream(book), { mime: XLSX_TYPE, fileName });
}
