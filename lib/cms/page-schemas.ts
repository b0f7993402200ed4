import { z } from 'zod';
import { zLocalized } from '@/lib/validation/localized';
import { ZId } from '@/lib/validation/primitives';

/** Page name limit of spec §5/§9: 100 characters. */
export const PAGE_NAME_MAX = 100;

export const ZPageInput = z.object({
  id: ZId.optional(),
  name: zLocalized({ max: PAGE_NAME_MAX, required: true, messages: { required: 'labelRequired', tooLong: 'pageNameTooLong' } }),
  content: zLocalized({ max: 200_000, rich: true }),
  isMobile: z.boolean().default(false),
  mobilePageId: ZId.nullable().default(null),
});
export type PageInput = z.input<typeof ZPageInput>;
