import { z } from 'zod';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { exportFileName, xlsxResponse } from '@/lib/http/xlsx-response';
import { exportProgramme } from '@/lib/programme/book/export-programme';
import { ZId } from '@/lib/validation/primitives';

const ZProgrammeExportQuery = z.object({
  lang: z.enum(['zh', 'en'], 'invalidChoice').optional(),
  version: ZId.optional(),
});

/** The published programme (the latest version, or `version`) as an xlsx file in the organiser's language. */
export const GET = route({ auth: 'manager', query: ZProgrammeExportQuery }, async ({ db, conference, query, locale }) => {
  const { book, number } = await exportProgramme(db, { conferenceId: conference.id, number: query.version, locale: query.lang ?? locale });
  return xlsxResponse(book, exportFileName(conference, `programme-v${number}`));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
