import { z } from 'zod';
import { ZOptionalIsoDate } from '@/lib/validation/primitives';

/** Host names the platform keeps for itself. */
export const RESERVED_SLUGS = ['www', 'api', 'admin', 'console', 'platform', 'static', 'mail', 'localhost'];

const bilingual = (max: number) =>
  z.object({
    zh: z.string().trim().min(1, 'labelRequired').max(max, 'tooLong'),
    en: z.string().trim().min(1, 'labelRequired').max(max, 'tooLong'),
  });

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
    city: z.object({ zh: z.string().trim().max(60, 'tooLong'), en: z.string().trim().max(60, 'tooLong') }).default({ zh: '', en: '' }),
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
