import { z } from 'zod';
import { ZRegistrantFilters } from '@/lib/registration/registrants';
import { ZId } from '@/lib/validation/primitives';

/**
 * Which registrants a badge PDF is for (the handler's query): one registration (the button on the registrant's page),
 * else every registrant matching the registrant list's own filters (none: everyone). `preview=1` draws one badge only.
 */
export const ZBadgePrint = ZRegistrantFilters.extend({
  registrationId: z.union([z.literal(''), ZId]).default(''),
  preview: z.enum(['', '1']).default(''),
});
export type BadgePrint = z.output<typeof ZBadgePrint>;
