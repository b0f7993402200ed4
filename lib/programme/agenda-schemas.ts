import { z } from 'zod';
import { ZId, ZIsoDate } from '@/lib/validation/primitives';

/**
 * The zod schemas of the calendars, "my agenda" and the presenters' answers (issue 23 points 4–6),
 * shared by the handlers and the forms; no database imports, so client components can load them.
 */

/** A programme code as the programme writes it: letters, digits, '-' and '_'. */
export const ZProgrammeCode = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'invalidInput');

/**
 * What a calendar holds: the whole programme (nothing named), one day (`day`, a date in the conference's zone), one
 * session (`session`, its id) or one contribution (`code`); `lang` picks zh or en (else the caller's language).
 */
export const ZProgrammeIcsQuery = z
  .object({
    day: ZIsoDate.optional(),
    session: ZId.optional(),
    code: ZProgrammeCode.optional(),
    lang: z.enum(['zh', 'en']).optional(),
  })
  .refine((q) => [q.day, q.session, q.code].filter((v) => v !== undefined).length <= 1, { message: 'invalidInput' });
export type ProgrammeIcsQuery = z.infer<typeof ZProgrammeIcsQuery>;

/** Starring or unstarring one contribution (its id, which the published versions keep). */
export const ZStarBody = z.object({ contributionId: ZId });

/** The personal feed's language. */
export const ZFeedQuery = z.object({ lang: z.enum(['zh', 'en']).optional() });

/** A presenter's answer to their slot. */
export const ZPresenterAnswer = z.object({ contributionId: ZId, state: z.enum(['confirmed', 'withdrawn']) });

/** Which slides to download: by the contribution's programme code. */
export const ZSlidesQuery = z.object({ code: ZProgrammeCode });
