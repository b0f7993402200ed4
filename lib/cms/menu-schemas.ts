import { z } from 'zod';
import { ZId } from '@/lib/validation/primitives';

/** A menu item as the organiser edits it; it leads to a published page, to an address, or (a parent) nowhere. */
export const ZMenuInput = z.object({
  id: ZId.optional(),
  parentId: ZId.nullable().default(null),
  title: z.object({
    zh: z.string().trim().min(1, 'menuTitleRequired').max(40, 'tooLong'),
    en: z.string().trim().min(1, 'menuTitleRequired').max(60, 'tooLong'),
  }),
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
