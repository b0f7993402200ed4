import { z } from 'zod';
import { localized } from '@/lib/i18n/localized';
import { route } from '@/lib/http/route';
import { exportFileName, xlsxResponse } from '@/lib/http/xlsx-response';
import { registrantsWorkbook } from '@/lib/registration/export-registrants';
import { fieldsOfVersions } from '@/lib/registration/field-config';
import { allRegistrants, ZRegistrantQuery } from '@/lib/registration/registrants';
import { originalFileNames } from '@/lib/registration/uploads';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Every registrant matching the filters as an xlsx file, in the organiser's language (organisers). */
const ZExportQuery = ZRegistrantQuery.extend({ lang: z.enum(['zh', 'en']).optional() });

export const GET = route({ auth: 'manager', query: ZExportQuery }, async ({ db, conference, query, locale: callerLocale }) => {
  const locale = query.lang ?? callerLocale;
  const rows = await allRegistrants(db, { conferenceId: conference.id, timeZone: conference.timeZone, ...query });
  const fields = await fieldsOfVersions(
    db,
    conference.id,
    rows.map((r) => r.version),
  );
  const title = localized(conference.shortTitle, locale) || conference.slug;
  const fileNames = await originalFileNames(
    db,
    conference.id,
    fields,
    rows.map((r) => r.answers),
  );
  const book = registrantsWorkbook(fields, rows, locale, title, fileNames, conference.timeZone);
  return xlsxResponse(book, exportFileName(conference, 'registrants'));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
