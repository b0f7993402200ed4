import { z } from 'zod';
import { attachment } from '@/lib/http/download';
import { route } from '@/lib/http/route';
import { ZAdminSubmissionQuery } from '@/lib/submissions/admin-list-params';
import { exportSubmissions, XLSX_TYPE } from '@/lib/submissions/export-submissions';

const ZExportQuery = z.intersection(ZAdminSubmissionQuery, z.object({ lang: z.enum(['zh', 'en'], 'invalidChoice').optional() }));

/** Every submission matching the filters, with its reviews, scores and opinions, as an xlsx file in the manager's language. */
export const GET = route({ auth: 'manager', query: ZExportQuery }, async ({ db, conference, query, locale }) => {
  const body = await exportSubmissions(db, conference, query, query.lang ?? locale);
  const filename = `${conference.slug}-submissions-${new Date().toISOString().slice(0, 10)}.xlsx`;
  return new Response(new Uint8Array(body), {
    headers: { 'content-type': XLSX_TYPE, 'content-disposition': attachment(filename), 'cache-control': 'no-store' },
  });
});
