import { originOf } from '@/lib/conferences/seo';
import { attachment } from '@/lib/http/download';
import { route } from '@/lib/http/route';
import { readSheetUpload } from '@/lib/imports/sheet-upload';
import { importReviewers } from '@/lib/reviewers/import-reviewers';
import { importTemplateWorkbook, REVIEWER_SHEET_LIMITS } from '@/lib/reviewers/sheet';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The import template (xlsx: the header row and an example line). */
export const GET = route({ auth: 'manager' }, async () => {
  const body = await importTemplateWorkbook();
  return new Response(new Uint8Array(body), {
    headers: { 'content-type': XLSX, 'content-disposition': attachment('reviewers-template.xlsx'), 'cache-control': 'no-store' },
  });
});

/** Invites the reviewers of an uploaded xlsx or CSV file (multipart, field `file`, ≤ 2 MB). */
export const POST = route({ auth: 'manager', changesSite: false }, async ({ req, db, conference, locale }) => {
  const data = await readSheetUpload(req, REVIEWER_SHEET_LIMITS);
  return importReviewers(db, conference, data, { origin: originOf(req.headers), locale });
});
