import { z } from 'zod';
import { feedbackWorkbook } from '@/lib/feedback/export-feedback';
import { allAdminFeedback } from '@/lib/feedback/queries';
import { ZFeedbackListQuery } from '@/lib/feedback/schemas';
import { route } from '@/lib/http/route';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ZExportQuery = ZFeedbackListQuery.extend({ lang: z.enum(['zh', 'en']).optional() });

/** Every feedback matching the filters as an xlsx file, in the organiser's language. */
export const GET = route({ auth: 'manager', query: ZExportQuery }, async ({ db, conference, query, locale }) => {
  const rows = await allAdminFeedback(db, conference.id, query, conference.timeZone);
  const body = await feedbackWorkbook(rows, query.lang ?? locale, conference.timeZone);
  const filename = `${conference.slug}-feedback-${new Date().toISOString().slice(0, 10)}.xlsx`;
  return new Response(new Uint8Array(body), {
    headers: { 'content-type': XLSX, 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'no-store' },
  });
});
