import { z } from 'zod';
import { feedbackWorkbook } from '@/lib/feedback/export-feedback';
import { allAdminFeedback } from '@/lib/feedback/queries';
import { ZFeedbackListQuery } from '@/lib/feedback/schemas';
import { route } from '@/lib/http/route';
import { exportFileName, xlsxResponse } from '@/lib/http/xlsx-response';
import { otherMethods } from '@/lib/http/method-not-allowed';

const ZExportQuery = ZFeedbackListQuery.extend({ lang: z.enum(['zh', 'en']).optional() });

/** Every feedback matching the filters as an xlsx file, in the organiser's language. */
export const GET = route({ auth: 'manager', query: ZExportQuery }, async ({ db, conference, query, locale }) => {
  const rows = await allAdminFeedback(db, conference.id, query, conference.timeZone);
  return xlsxResponse(feedbackWorkbook(rows, query.lang ?? locale, conference.timeZone), exportFileName(conference, 'feedback'));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
