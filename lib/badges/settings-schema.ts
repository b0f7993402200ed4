import { z } from 'zod';
import { ZId } from '@/lib/validation/primitives';

/** Badge sizes (ISO 216) in millimetres, portrait. */
export const BADGE_SIZES = { A6: { width: 105, height: 148 }, A7: { width: 74, height: 105 } } as const;
export type BadgeSize = keyof typeof BADGE_SIZES;

/** What a badge may show besides the name, in the order the form lists them. */
export const BADGE_FIELDS = ['latinName', 'organisation', 'country', 'role', 'code', 'qr'] as const;
export type BadgeField = (typeof BADGE_FIELDS)[number];

/** The roles a badge names, most significant first: a person with several gets the first. */
export const BADGE_ROLES = ['organiser', 'staff', 'chair', 'speaker', 'participant'] as const;
export type BadgeRole = (typeof BADGE_ROLES)[number];

const HEX = /^#[0-9a-f]{6}$/;
const ZColour = z.string().trim().toLowerCase().regex(HEX, 'badgeColourInvalid');

/**
 * A conference's badge settings, shared by the form and the handler (issue 24 point 2): the size (A6 or A7), one or
 * two badges per A4 sheet, cutting marks, the language of the labels (role, country), what is shown, and a colour per
 * registration fee (the band at the top) with one for registrants without a fee.
 */
export const ZBadgeSettings = z.object({
  size: z.enum(['A6', 'A7']).default('A6'),
  perSheet: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .default(2),
  cutMarks: z.boolean().default(true),
  labels: z.enum(['zh', 'en', 'both']).default('both'),
  show: z
    .object({
      latinName: z.boolean().default(true),
      organisation: z.boolean().default(true),
      country: z.boolean().default(true),
      role: z.boolean().default(true),
      code: z.boolean().default(true),
      qr: z.boolean().default(true),
    })
    .default({ latinName: true, organisation: true, country: true, role: true, code: true, qr: true }),
  defaultColour: ZColour.default('#1c7ed6'),
  colours: z
    .array(z.object({ feeId: ZId, colour: ZColour }))
    .max(100, 'badgeDuplicateFee')
    .refine((list) => new Set(list.map((c) => c.feeId)).size === list.length, 'badgeDuplicateFee')
    .default([]),
});
export type BadgeSettingsInput = z.input<typeof ZBadgeSettings>;
export type BadgeSettings = z.output<typeof ZBadgeSettings>;

/** The settings of a conference that never saved any. */
export const DEFAULT_BADGE_SETTINGS: BadgeSettings = ZBadgeSettings.parse({});
