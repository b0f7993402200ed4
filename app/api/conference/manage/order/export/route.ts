import { z } from 'zod';
import { route } from '@/lib/http/route';
import { ordersWorkbook } from '@/lib/payments/export-orders';
import { allAdminOrders, ZAdminOrderQuery } from '@/lib/payments/queries';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ZExportQuery = ZAdminOrderQuery.extend({ lang: z.enum(['zh', 'en']).optional() });

/** Every order matching the filters as an xlsx file, in the manager's language. */
export const GET = route({ auth: 'manager', query: ZExportQuery }, async ({ db, conference, query, locale }) => {
  const rows = await allAdminOrders(db, conference.id, query, conference.timeZone);
  const body = await ordersWorkbook(rows, query.lang ?? locale, conference.timeZone);
  const filename = `${conference.slug}-orders-${new Date().toISOString().slice(0, 10)}.xlsx`;
  return new Response(new Uint8Array(body), {
    headers: { 'content-type': XLSX, 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'no-store' },
  });
});
