import { z } from 'zod';
import { route } from '@/lib/http/route';
import { exportFileName, xlsxResponse } from '@/lib/http/xlsx-response';
import { ordersWorkbook } from '@/lib/payments/export-orders';
import { allAdminOrders, ZAdminOrderQuery } from '@/lib/payments/queries';
import { otherMethods } from '@/lib/http/method-not-allowed';

const ZExportQuery = ZAdminOrderQuery.extend({ lang: z.enum(['zh', 'en']).optional() });

/** Every order matching the filters as an xlsx file, in the manager's language. */
export const GET = route({ auth: 'manager', query: ZExportQuery }, async ({ db, conference, query, locale }) => {
  const rows = await allAdminOrders(db, conference.id, query, conference.timeZone);
  return xlsxResponse(ordersWorkbook(rows, query.lang ?? locale, conference.timeZone), exportFileName(conference, 'orders'));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
