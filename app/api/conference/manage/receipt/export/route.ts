import { z } from 'zod';
import { route } from '@/lib/http/route';
import { invoicesWorkbook } from '@/lib/invoices/export-invoices';
import { allAdminInvoices } from '@/lib/invoices/queries';
import { ZInvoiceListQuery } from '@/lib/invoices/schemas';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ZExportQuery = ZInvoiceListQuery.extend({ lang: z.enum(['zh', 'en']).optional() });

/** Every invoice request matching the filters as an xlsx file, in the manager's language. */
export const GET = route({ auth: 'manager', query: ZExportQuery }, async ({ db, conference, query, locale }) => {
  const rows = await allAdminInvoices(db, conference.id, query, conference.timeZone);
  const body = await invoicesWorkbook(rows, query.lang ?? locale, conference.timeZone);
  const filename = `${conference.slug}-invoices-${new Date().toISOString().slice(0, 10)}.xlsx`;
  return new Response(new Uint8Array(body), {
    headers: { 'content-type': XLSX, 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'no-store' },
  });
});
