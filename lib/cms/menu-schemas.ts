import { z } from 'zod';
import { zLocalized } from '@/lib/validation/localized';
import { ZId } from '@/lib/validation/primitives';

/** A menu item as the organiser edits it; it leads to a published page, to an address, or (a parent) nowhere. */
export const ZMenuInput = z.object({
  id: ZId.optional(),
  parentId: ZId.nullable().default(null),
  title: zLocalized({ max: { zh: 40, en: 60 }, required: true, messages: { required: 'menuTitleRequired' } }),
  icon: z.string().trim().max(40, 'tooLong').default(''),
  sortOrder: z.coerce.number({ error: 'numberInvalid' }).int('numberInvalid').min(0, 'numberInvalid').max(9999, 'numberInvalid').default(0),
  newWindow: z.boolean().default(false),
  pageId: ZId.nullable().default(null),
  href: z
    .string()
    .trim()
    .max(500, 'tooLong')
    .refine((v) => v === '' || v.startsWith('/') || /^https?:\/\//.test(v), 'hrefInvalid')
    .default(''),
});
export type MenuInput = z.input<typeof ZMenuInput>;
