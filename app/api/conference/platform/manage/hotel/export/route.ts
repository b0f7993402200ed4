import { ZRoomingListQuery } from '@/lib/hotel/admin-list-params';
import { exportRoomingList, XLSX_TYPE } from '@/lib/hotel/export-rooming-list';
import { attachment } from '@/lib/http/download';
import { route } from '@/lib/http/route';

/** The rooming list (active bookings, one sheet per hotel, or of one hotel) as an xlsx file in the manager's language. */
export const GET = route({ auth: 'manager', query: ZRoomingListQuery }, async ({ db, conference, query, locale }) => {
  const body = await exportRoomingList(db, conference.id, query.hotel, query.lang ?? locale);
  const filename = `${conference.slug}-rooming-list-${new Date().toISOString().slice(0, 10)}.xlsx`;
  return new Response(new Uint8Array(body), {
    headers: { 'content-type': XLSX_TYPE, 'content-disposition': attachment(filename), 'cache-control': 'no-store' },
  });
});
