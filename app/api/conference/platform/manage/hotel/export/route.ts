import { ZRoomingListQuery } from '@/lib/hotel/admin-list-params';
import { exportRoomingList } from '@/lib/hotel/export-rooming-list';
import { route } from '@/lib/http/route';
import { exportFileName, xlsxResponse } from '@/lib/http/xlsx-response';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The rooming list (active bookings, one sheet per hotel, or of one hotel) as an xlsx file in the manager's language. */
export const GET = route({ auth: 'manager', query: ZRoomingListQuery }, async ({ db, conference, query, locale }) => {
  const book = await exportRoomingList(db, {
    conferenceId: conference.id,
    timeZone: conference.timeZone,
    hotelId: query.hotel,
    locale: query.lang ?? locale,
  });
  return xlsxResponse(book, exportFileName(conference, 'rooming-list'));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
