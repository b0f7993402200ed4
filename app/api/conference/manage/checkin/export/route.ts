import { exportFileName, xlsxResponse } from '@/lib/http/xlsx-response';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { checkinRows } from '@/lib/onsite/counts';
import { checkinsWorkbook } from '@/lib/onsite/export-checkins';
import { ZCheckinExport } from '@/lib/onsite/schemas';

/** Every check-in (undone ones marked) as an xlsx file in the organiser's language, with real date cells. */
export const GET = route({ auth: 'manager', query: ZCheckinExport }, async ({ db, conference, locale, query }) => {
  const rows = await checkinRows(db, { conferenceId: conference.id, listId: query.listId });
  return xlsxResponse(checkinsWorkbook(rows, locale, conference.timeZone), exportFileName(conference, 'checkins'));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
