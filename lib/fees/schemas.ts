import { z } from 'zod';
import { EMPTY_LOCALIZED, zLocalized } from '@/lib/validation/localized';
import { CURRENCIES } from './money';
import { ZId, ZOptionalIsoDate } from '@/lib/validation/primitives';

const optionalDate = ZOptionalIsoDate;
const text = (max: number) => z.string().trim().max(max, 'tooLong');
const minor = z.coerce.number({ error: 'priceInvalid' }).int('priceInvalid').max(100_000_000, 'priceInvalid');

export const FEE_KINDS = ['register', 'optional'] as const;
export const LANGUAGE_SCOPES = ['all', 'zh', 'en'] as const;

/**
 * A fee as the organiser edits it (spec §3 fees, §5 fee rules). Prices are integer minor units;
 * the form converts what the organiser types. An empty cap means no cap of the fee's own.
 */
export const ZFeeInput = z
  .object({
    id: ZId.optional(),
    kind: z.enum(FEE_KINDS),
    title: zLocalized({ max: 100, required: true, messages: { required: 'labelRequired' } }),
    category: zLocalized({ max: 60 }).default(EMPTY_LOCALIZED),
    priceMinor: minor.min(1, 'pricePositive'),
    currency: z.enum(CURRENCIES),
    displayCurrency: z.enum(CURRENCIES),
    displayPriceMinor: z.coerce
      .number({ error: 'displayPriceRequired' })
      .int('priceInvalid')
      .min(1, 'displayPriceRequired')
      .max(100_000_000, 'priceInvalid'),
    thirdWorldOnly: z.boolean().default(false),
    openDate: optionalDate,
    deadline: optionalDate,
    isOpen: z.boolean().default(true),
    invitationCode: text(40).default(''),
    languageScope: z.enum(LANGUAGE_SCOPES).default('all'),
    cap: z
      .union([
        z.literal(''),
        z.null(),
        z.coerce.number({ error: 'numberInvalid' }).int('numberInvalid').min(1, 'numberInvalid').max(1_000_000, 'numberInvalid'),
      ])
      .default(null),
    perAccountMax: z.coerce
      .number({ error: 'numberInvalid' })
      .int('numberInvalid')
      .min(1, 'numberInvalid')
      .max(100, 'numberInvalid')
      .default(1),
  })
  .superRefine((value, ctx) => {
    if (value.openDate && value.deadline && value.openDate >= value.deadline)
      ctx.addIssue({ code: 'custom', path: ['deadline'], message: 'openBeforeDeadline' });
    if (typeof value.cap === 'number' && value.cap < value.perAccountMax)
      ctx.addIssue({ code: 'custom', path: ['perAccountMax'], message: 'perAccountAboveCap' });
    if (value.kind === 'register' && value.perAccountMax !== 1)
      ctx.addIssue({ code: 'custom', path: ['perAccountMax'], message: 'registerFeeOne' });
  });
export type FeeInput = z.input<typeof ZFeeInput>;
export type FeeValues = z.output<typeof ZFeeInput>;

/** A participant's fee choice: one registration fee, optional fees with quantities, the invitation code. */
export const ZFeeChoice = z.object({
  registerFeeId: ZId.nullable().default(null),
  optional: z
    .array(z.object({ feeId: ZId, quantity: z.coerce.number().int().min(1).max(100) }))
    .max(50)
    .default([]),
  invitationCode: text(40).default(''),
});
export type FeeChoice = z.output<typeof ZFeeChoice>;

/** Changing one of my fee orders before it is paid: quantity 0 drops an optional fee. */
export const ZFeeOrderChange = z.object({
  orderId: ZId,
  feeId: ZId,
  quantity: z.coerce.number().int().min(0).max(100).default(1),
  invitationCode: text(40).default(''),
});
