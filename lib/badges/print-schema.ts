import { z } from 'zod';
import { ZRegistrantFilters } from '@/lib/registration/registrants';
import { ZId } from '@/lib/validation/primitives';

/**
 * Which registrants a badge PDF is for (the handler's query): one registration (the button on the registrant's page),
 * else every registrant matching the registrant list's own filters (none: everyone).
 */
export const ZBadgePrint = ZRegistrantFilters.extend({
  registrationId: z.union([z.literal(''), ZId]).default(''),
  /** The language of the PDF's title (the page's), else the caller's. */
  lang: z.enum(['zh', 'en']).optional(),
});
export type BadgePrint = z.output<typeof ZBadgePrint>;
