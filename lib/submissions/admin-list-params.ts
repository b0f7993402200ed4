import { z } from 'zod';
import { pagedListParams } from '@/lib/http/list-params';
import { ZId } from '@/lib/validation/primitives';
import { SUBMISSION_STATUSES } from './status';

/** Every state a submission can be in, in the order the screens show them. */
export const ADMIN_SUBMISSION_STATUSES = SUBMISSION_STATUSES;

/** An average overall score bound: '' (none) or a number from 0 to 1000 (at most two decimals are meaningful). */
const ZScoreBound = z
  .union([z.literal(''), z.coerce.number('scoreRangeInvalid').min(0, 'scoreRangeInvalid').max(1000, 'scoreRangeInvalid')])
  .default('');

/**
 * The admin submission list's filters (spec §2 /platform/manage/contribute): a keyword (title, code
 * or an author's name), a session (with its sub-sessions), a status, a reviewer the submission is
 * assigned to, the average overall score of the current version's submitted reviews, the order of
 * the creation date, and the page.
 */
export const ZAdminSubmissionQuery = z
  .object({
    q: z.string().trim().max(100, 'tooLong').default(''),
    session: z.union([z.literal(''), ZId]).default(''),
    status: z.enum(['', ...ADMIN_SUBMISSION_STATUSES], 'invalidChoice').default(''),
    reviewer: z.union([z.literal(''), ZId]).default(''),
    scoreMin: ZScoreBound,
    scoreMax: ZScoreBound,
    sort: z.enum(['newest', 'oldest'], 'invalidChoice').default('newest'),
    page: z.coerce.number('numberInvalid').int('numberInvalid').min(1, 'numberInvalid').max(100000, 'numberInvalid').default(1),
    size: z.coerce.number('numberInvalid').int('numberInvalid').min(1, 'numberInvalid').max(200, 'numberInvalid').default(20),
  })
  .refine((q) => q.scoreMin === '' || q.scoreMax === '' || q.scoreMin <= q.scoreMax, { message: 'scoreRangeInvalid', path: ['scoreMax'] });
export type AdminSubmissionQuery = z.output<typeof ZAdminSubmissionQuery>;
export type AdminSubmissionFilters = Omit<AdminSubmissionQuery, 'page' | 'size'>;

const submissionList = pagedListParams(ZAdminSubmissionQuery, '/platform/manage/contribute', [
  'q',
  'session',
  'status',
  'reviewer',
  'scoreMin',
  'scoreMax',
  'sort',
]);

/** The submission list's filters from a page address (anything malformed falls back to the defaults). */
export const adminSubmissionQueryFrom = submissionList.queryFrom;
/** The filters as a query string, for the export. */
export const adminSubmissionSearch = submissionList.search;
/** The list's address with these filters (page 1 unless given). */
export const adminSubmissionHref = submissionList.href;
