import { z } from 'zod';
import { zLocalized } from '@/lib/validation/localized';
import { ZId } from '@/lib/validation/primitives';

/** Limits of spec §5/§9: template name 100 characters, stylesheet 1024 KB; appearance name 20 characters. */
export const TEMPLATE_NAME_MAX = 100;
export const TEMPLATE_CSS_MAX_BYTES = 1024 * 1024;
export const APPEARANCE_NAME_MAX = 20;
export const THUMBNAIL_MAX_BYTES = 1024 * 1024;
export const THUMBNAIL_LIMIT = { bytes: THUMBNAIL_MAX_BYTES, code: 'THUMBNAIL_TOO_LARGE' } as const;
export const TEMPLATE_TYPES = ['home', 'page'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** The placeholders a template may hold; {{content}} is the page's (or the chosen home page's) own content. */
export const TEMPLATE_PLACEHOLDERS = [
  'title',
  'title2',
  'title3',
  'shortTitle',
  'dates',
  'city',
  'address',
  'department',
  'banner',
  'registerUrl',
  'countdown',
  'pageTitle',
  'content',
] as const;

const name = (max: number, tooLong: string) => zLocalized({ max, required: true, messages: { required: 'labelRequired', tooLong } });

export const ZTemplateInput = z.object({
  id: ZId.optional(),
  name: name(TEMPLATE_NAME_MAX, 'templateNameTooLong'),
  type: z.enum(TEMPLATE_TYPES, { error: 'templateTypeRequired' }),
  content: zLocalized({ max: 200_000, rich: true }),
  css: z.string().refine((css) => new TextEncoder().encode(css).byteLength <= TEMPLATE_CSS_MAX_BYTES, 'cssTooLarge'),
  isMobile: z.boolean().default(false),
  mobileTemplateId: ZId.nullable().default(null),
  isDefault: z.boolean().default(false),
});
export type TemplateInput = z.input<typeof ZTemplateInput>;

export const ZAppearanceInput = z.object({
  id: ZId.optional(),
  name: name(APPEARANCE_NAME_MAX, 'appearanceNameTooLong'),
  thumbnail: z
    .string()
    .regex(/^(?:[0-9a-f]{32}\.(?:jpe?g|png))?$/, 'invalidInput')
    .default(''),
  homeTemplateId: ZId.nullable().default(null),
  pageTemplateId: ZId.nullable().default(null),
});
export type AppearanceInput = z.input<typeof ZAppearanceInput>;
