import { z } from 'zod';
import { zLocalized } from '@/lib/validation/localized';
import { ZId } from '@/lib/validation/primitives';
import { METHOD_FIELDS } from './method-fields';
import { METHOD_KINDS } from './providers/types';

const fieldText = z.string().trim().max(20_000, 'tooLong');

/**
 * A payment method as a manager saves it. Settings are checked against the kind's fields
 * (METHOD_FIELDS); secrets left empty keep what is stored. Required fields are checked when the
 * method is switched on (lib/payments/methods.ts, which also knows which secrets are stored).
 */
export const ZMethodInput = z
  .object({
    kind: z.enum(METHOD_KINDS),
    enabled: z.boolean(),
    settings: z.record(z.string().max(40), z.union([fieldText, zLocalized({ max: 20_000 })])).default({}),
    secrets: z.record(z.string().max(40), fieldText).default({}),
  })
  .superRefine((value, ctx) => {
    const fields = METHOD_FIELDS[value.kind];
    for (const [name, v] of Object.entries(value.settings)) {
      const def = fields.settings.find((f) => f.name === name);
      const wantsText = def && (def.type === 'text' || def.type === 'multiline');
      if (!def || wantsText !== (typeof v === 'string'))
        ctx.addIssue({ code: 'custom', path: ['settings', name], message: 'invalidChoice' });
    }
    for (const name of Object.keys(value.secrets)) {
      if (!fields.secrets.some((f) => f.name === name)) ctx.addIssue({ code: 'custom', path: ['secrets', name], message: 'invalidChoice' });
    }
  });
export type MethodInput = z.input<typeof ZMethodInput>;
export type MethodValues = z.output<typeof ZMethodInput>;

/**
 * How long unpaid orders and online payments stay open, and how long before an order's pay-by time
 * its reminder goes (0: none), in minutes. The reminder must come after the order was made: it is
 * shorter than the order time.
 */
export const ZPaymentSettings = z
  .object({
    orderExpiryMinutes: z.coerce.number({ error: 'numberInvalid' }).int('numberInvalid').min(10, 'expiryRange').max(525_600, 'expiryRange'),
    billExpiryMinutes: z.coerce.number({ error: 'numberInvalid' }).int('numberInvalid').min(5, 'expiryRange').max(10_080, 'expiryRange'),
    payReminderMinutes: z.coerce
      .number({ error: 'numberInvalid' })
      .int('numberInvalid')
      .min(0, 'reminderRange')
      .max(525_600, 'reminderRange'),
  })
  .refine((v) => v.payReminderMinutes < v.orderExpiryMinutes, { path: ['payReminderMinutes'], message: 'reminderTooLate' });

/** Orders in an address (`/profile/order/pay/goto/12,13`): 1–20 ids, no repeats. */
export const ZOrderIdList = z
  .string()
  .max(300)
  .transform((s): unknown[] => s.split(','))
  .pipe(z.array(ZId).min(1).max(20))
  .refine((ids) => new Set(ids).size === ids.length, 'invalidChoice');

export const ZCreateBill = z.object({
  orderIds: z.array(ZId).min(1).max(20),
  kind: z.enum(METHOD_KINDS),
});

export const ZBillDecision = z.object({
  billId: ZId,
  decision: z.enum(['confirm', 'reject']),
  note: z.string().trim().max(500, 'tooLong').default(''),
});

export const ZResolveException = z.object({ exceptionId: ZId, note: z.string().trim().max(500, 'tooLong').default('') });

export const ZRefund = z.object({
  billId: ZId,
  amountMinor: z.coerce.number({ error: 'priceInvalid' }).int('priceInvalid').min(1, 'pricePositive').max(100_000_000, 'priceInvalid'),
  reason: z.string().trim().max(500, 'tooLong').default(''),
});
