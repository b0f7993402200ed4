import { z } from 'zod';
import { EMPTY_LOCALIZED, zLocalized } from '@/lib/validation/localized';
import { ZOptionalIsoDate } from '@/lib/validation/primitives';

/** Host names the platform keeps for itself. */
export const RESERVED_SLUGS = ['www', 'api', 'admin', 'console', 'platform', 'static', 'mail', 'localhost'];

const bilingual = (max: number) => zLocalized({ max, required: true, messages: { required: 'labelRequired' } });

/** A new conference as its creator describes it (the rest is configured in its own admin area). */
export const ZCreateConference = z
  .object({
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z][a-z0-9-]{2,29}$/, 'slugInvalid')
      .refine((s) => !RESERVED_SLUGS.includes(s), 'slugReserved'),
    title: bilingual(200),
    shortTitle: bilingual(60),
    languageType: z.coerce.number().int().min(1).max(3).default(3),
    startDate: ZOptionalIsoDate,
    endDate: ZOptionalIsoDate,
    city: zLocalized({ max: 60 }).default(EMPTY_LOCALIZED),
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && v.startDate > v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'dateOrder' });
  });
export type CreateConferenceInput = z.input<typeof ZCreateConference>;

export const ZDecision = z
  .object({ approve: z.boolean(), reason: z.string().trim().max(500, 'tooLong').default('') })
  .superRefine((v, ctx) => {
    if (!v.approve && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'reasonRequired' });
  });
