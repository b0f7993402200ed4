import { z } from 'zod';
import { route } from '@/lib/http/route';
import { exportFileName, xlsxResponse } from '@/lib/http/xlsx-response';
import { invoicesWorkbook } from '@/lib/invoices/export-invoices';
import { allAdminInvoices } from '@/lib/invoices/queries';
import { ZInvoiceListQuery } from '@/lib/invoices/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

const ZExportQuery = ZInvoiceListQuery.extend({ lang: z.enum(['zh', 'en']).optional() });

/** Every invoice request matching the filters as an xlsx file, in the manager's language. */
export const GET = route({ auth: 'manager', query: ZExportQuery }, async ({ db, conference, query, locale }) => {
  const rows = await allAdminInvoices(db, conference.id, query, conference.timeZone);
  return xlsxResponse(invoicesWorkbook(rows, query.lang ?? locale, conference.timeZone), exportFileName(conference, 'invoices'));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
