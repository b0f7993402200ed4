import { originOf } from '@/lib/conferences/seo';
import { route } from '@/lib/http/route';
import { xlsxResponse } from '@/lib/http/xlsx-response';
import { readSheetUpload } from '@/lib/imports/sheet-upload';
import { importReviewers } from '@/lib/reviewers/import-reviewers';
import { importTemplateWorkbook, REVIEWER_SHEET_LIMITS } from '@/lib/reviewers/sheet';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The import template (xlsx: the header row and an example line). */
export const GET = route({ auth: 'manager' }, async () => xlsxResponse(importTemplateWorkbook(), 'reviewers-template.xlsx'));

/** Invites the reviewers of an uploaded xlsx or CSV file (multipart, field `file`, ≤ 2 MB). */
export const POST = route({ auth: 'manager', changesSite: false }, async ({ req, db, conference, locale }) => {
  const data = await readSheetUpload(req, REVIEWER_SHEET_LIMITS);
  return importReviewers(db, conference, data, { origin: originOf(req.headers), locale });
});

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
