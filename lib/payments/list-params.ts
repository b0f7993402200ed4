import { pagedListParams } from '@/lib/http/list-params';
import { ZAdminOrderQuery } from './queries';

const orderList = pagedListParams(ZAdminOrderQuery, '/platform/manage/order', ['q', 'type', 'pay', 'status', 'method', 'from', 'to']);

/** The order list's filters from a page address. */
export const adminOrderQueryFrom = orderList.queryFrom;
/** The filters as a query string, for the export. */
export const adminOrderSearch = orderList.search;
/** The list's address with these filters (page 1 unless given). */
export const adminOrderHref = orderList.href;
