import { pagedListParams } from '@/lib/http/list-params';
import { ZFeedbackListQuery } from './schemas';

const feedbackList = pagedListParams(ZFeedbackListQuery, '/platform/manage/userFeedBack', ['q', 'type', 'status', 'from', 'to']);

/** The feedback list's filters from a page address. */
export const feedbackQueryFrom = feedbackList.queryFrom;
/** The filters as a query string (no page), for links and the export. */
export const feedbackFilterSearch = feedbackList.search;
/** The list's address with these filters (page 1 unless given); `extra` opens one feedback (`id`). */
export const feedbackListHref = feedbackList.href;
