import { z } from 'zod';
import { ZId } from '@/lib/validation/primitives';

/** Page name limit of spec §5/§9: 100 characters. */
export const PAGE_NAME_MAX = 100;

export const ZPageInput = z.object({
  id: ZId.optional(),
  name: z.object({
    zh: z.string().trim().min(1, 'labelRequired').max(PAGE_NAME_MAX, 'pageNameTooLong'),
    en: z.string().trim().min(1, 'labelRequired').max(PAGE_NAME_MAX, 'pageNameTooLong'),
  }),
  content: z.object({ zh: z.string().max(200_000, 'tooLong'), en: z.string().max(200_000, 'tooLong') }),
  isMobile: z.boolean().default(false),
  mobilePageId: ZId.nullable().default(null),
});
export type PageInput = z.input<typeof ZPageInput>;
