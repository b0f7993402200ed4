import { pagedListParams } from '@/lib/http/list-params';
import { ZReviewerQuery } from './schemas';

export const REVIEWER_LIST_PATH = '/platform/manage/reviewer';

/** A reviewer's detail page: by their account id (spec §2 /platform/manage/reviewer/info/:userId). */
export function reviewerInfoHref(userId: string): string {
  return `${REVIEWER_LIST_PATH}/info/${encodeURIComponent(userId)}`;
}

const reviewerList = pagedListParams(ZReviewerQuery, REVIEWER_LIST_PATH, ['q', 'role', 'active']);

/** The reviewer list's filters from a page address (malformed values fall back to the defaults). */
export const reviewerQueryFrom = reviewerList.queryFrom;
/** The list's address with these filters. */
export const reviewerListHref = reviewerList.href;
