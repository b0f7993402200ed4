import { pagedListParams } from '@/lib/http/list-params';
import { ZInvoiceListQuery } from './schemas';

const invoiceList = pagedListParams(ZInvoiceListQuery, '/platform/manage/receipt', ['q', 'status', 'titleType', 'from', 'to']);

/** The invoice list's filters from a page address. */
export const invoiceQueryFrom = invoiceList.queryFrom;
/** The filters as a query string (no page), for links and the export. */
export const invoiceFilterSearch = invoiceList.search;
/** The list's address with these filters (page 1 unless given). */
export const invoiceListHref = invoiceList.href;
