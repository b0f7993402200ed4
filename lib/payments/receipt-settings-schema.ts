import { z } from 'zod';
import { hasHiddenCharacters } from '@/lib/accounts/lookalike';
import { TAXPAYER_ID_PATTERN } from '@/lib/invoices/schemas';
import { zLocalized } from '@/lib/validation/localized';

/** The largest next receipt number (the column is a 32-bit integer). */
export const RECEIPT_NUMBER_MAX = 2_000_000_000;

/**
 * What the receipts name, set in the pay settings (form and handler): the payee organisation in
 * both languages, its taxpayer id (15–20 letters or digits, or none), and the receipt number
 * sequence — a prefix of letters, digits and - _ / . (up to 20) and the next number.
 */
export const ZReceiptSettings = z.object({
  payeeName: zLocalized({ max: 100, refine: { check: (v) => !hasHiddenCharacters(v), message: 'hiddenCharacters' } }),
  taxpayerId: z
    .string()
    .trim()
    .toUpperCase()
    .max(40, 'taxpayerIdInvalid')
    .refine((v) => v === '' || TAXPAYER_ID_PATTERN.test(v), 'taxpayerIdInvalid')
    .default(''),
  numberPrefix: z
    .string()
    .trim()
    .max(20, 'receiptPrefixInvalid')
    .regex(/^[0-9A-Za-z_\-/.]*$/, 'receiptPrefixInvalid')
    .default(''),
  nextNumber: z.coerce
    .number({ error: 'receiptNextInvalid' })
    .int('receiptNextInvalid')
    .min(1, 'receiptNextInvalid')
    .max(RECEIPT_NUMBER_MAX, 'receiptNextInvalid'),
});
export type ReceiptSettingsInput = z.input<typeof ZReceiptSettings>;
export type ReceiptSettingsValues = z.output<typeof ZReceiptSettings>;

/** The number a receipt gets: the prefix, then the number as it is. */
export function receiptNumber(prefix: string, n: number): string {
  return `${prefix}${n}`;
}
