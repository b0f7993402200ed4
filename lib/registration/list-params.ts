import { pagedListParams } from '@/lib/http/list-params';
import { ZOptionalIsoDate } from '@/lib/validation/primitives';
import { ZRegistrantQuery, type RegistrantQuery } from './registrants';

type SearchParams = Record<string, string | string[] | undefined>;

/** The organisers' registrant list. */
export const REGISTRANT_LIST = '/platform/manage/user';
const registrantList = pagedListParams(ZRegistrantQuery, REGISTRANT_LIST, ['q', 'from', 'to', 'pay', 'fee']);

/**
 * The list's filters from a page address (anything malformed falls back to the defaults), and
 * whether a date given was not one (the page says so).
 */
export function registrantQueryFrom(params: SearchParams): RegistrantQuery & { invalidDate: boolean } {
  const invalidDate = (['from', 'to'] as const).some((name) => {
    const value = params[name];
    return !ZOptionalIsoDate.safeParse(Array.isArray(value) ? value[0] : (value ?? '')).success;
  });
  return { ...registrantList.queryFrom(params), invalidDate };
}
/** The filters as a query string, for the export (with its language). */
export const registrantSearch = registrantList.search;
/** The list's address with these filters (page 1 unless given). */
export const registrantListHref = registrantList.href;
