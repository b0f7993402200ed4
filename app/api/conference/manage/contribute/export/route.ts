import { z } from 'zod';
import { route } from '@/lib/http/route';
import { exportFileName, xlsxResponse } from '@/lib/http/xlsx-response';
import { ZAdminSubmissionQuery } from '@/lib/submissions/admin-list-params';
import { exportSubmissions } from '@/lib/submissions/export-submissions';
import { otherMethods } from '@/lib/http/method-not-allowed';

const ZExportQuery = z.intersection(ZAdminSubmissionQuery, z.object({ lang: z.enum(['zh', 'en'], 'invalidChoice').optional() }));

/** Every submission matching the filters, with its reviews, scores and opinions, as an xlsx file in the manager's language. */
export const GET = route({ auth: 'manager', query: ZExportQuery }, async ({ db, conference, query, locale }) => {
  const book = await exportSubmissions(db, {
    conferenceId: conference.id,
    timeZone: conference.timeZone,
    filters: query,
    locale: query.lang ?? locale,
  });
  return xlsxResponse(book, exportFileName(conference, 'submissions'));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
