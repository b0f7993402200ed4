import { z } from 'zod';
import { ZEmail } from '@/lib/accounts/schemas';
import { hasHiddenCharacters } from '@/lib/accounts/lookalike';
import { ZId, ZOptionalIsoDate } from '@/lib/validation/primitives';

/**
 * Invoice requests (spec §3 Invoice, §5 "Invoice fields required by type"): one schema for the
 * participant's form (zodResolver) and the handler. Messages are keys of `validation`.
 */
export const INVOICE_TYPES = ['ordinary'] as const;
export const INVOICE_CONTENTS = ['goodsDetail'] as const;
export const TITLE_TYPES = ['personal', 'company'] as const;
export const INVOICE_STATUSES = ['unbilled', 'toBeInvoiced', 'invoiced'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export type TitleType = (typeof TITLE_TYPES)[number];

/** A taxpayer id (unified social credit code and the older forms): 15–20 letters and digits. */
export const TAXPAYER_ID_PATTERN = /^[0-9A-Z]{15,20}$/;

/** No text-direction controls or invisible characters (line breaks allowed where `multiline`). */
const visible = (multiline: boolean) => (value: string) => !hasHiddenCharacters(multiline ? value.replace(/[\r\n\t]/g, '') : value);

const required = (max: number, requiredKey: string) =>
  z.string({ error: requiredKey }).trim().min(1, requiredKey).max(max, 'tooLong').refine(visible(false), 'hiddenCharacters');

const optional = (max: number) => z.string().trim().max(max, 'tooLong').refine(visible(true), 'hiddenCharacters').default('');

/** A phone number: digits with + ( ) - and spaces, at least 5 digits. */
const ZInvoicePhone = z
  .string({ error: 'phoneRequired' })
  .trim()
  .min(1, 'phoneRequired')
  .max(30, 'phoneInvalid')
  .regex(/^\+?[\d\s()-]+$/, 'phoneInvalid')
  .refine((v) => v.replace(/\D/g, '').length >= 5, 'phoneInvalid');

const ZTaxpayerId = z.string().trim().toUpperCase().max(40, 'taxpayerIdInvalid').default('');

function taxpayerRule(value: { titleType?: TitleType; taxpayerId: string }, ctx: z.RefinementCtx) {
  if (value.titleType === 'company') {
    if (!value.taxpayerId) ctx.addIssue({ code: 'custom', path: ['taxpayerId'], message: 'taxpayerIdRequired' });
    else if (!TAXPAYER_ID_PATTERN.test(value.taxpayerId))
      ctx.addIssue({ code: 'custom', path: ['taxpayerId'], message: 'taxpayerIdInvalid' });
  } else if (value.titleType === 'personal' && value.taxpayerId) {
    ctx.addIssue({ code: 'custom', path: ['taxpayerId'], message: 'taxpayerIdPersonal' });
  }
}

/**
 * A participant's invoice request for one of their paid orders. Company → taxpayer id required
 * (15–20 letters and digits, upper-cased); personal → none. The amount is not here: it comes from
 * the order.
 */
export const ZInvoiceRequest = z
  .object({
    orderId: ZId,
    type: z.enum(INVOICE_TYPES, 'invalidChoice').default('ordinary'),
    content: z.enum(INVOICE_CONTENTS, 'invalidChoice').default('goodsDetail'),
    titleType: z.enum(TITLE_TYPES, 'invalidChoice'),
    title: required(100, 'invoiceTitleRequired'),
    taxpayerId: ZTaxpayerId,
    recipientName: required(50, 'recipientRequired'),
    phone: ZInvoicePhone,
    address: required(300, 'addressRequired'),
    email: ZEmail,
    attendees: optional(500),
    comment: optional(500),
  })
  .superRefine(taxpayerRule);
export type InvoiceRequestInput = z.input<typeof ZInvoiceRequest>;
export type InvoiceRequestValues = z.output<typeof ZInvoiceRequest>;

export const ZInvoiceMineQuery = z.object({ orderId: ZId });

/** A manager moves a request one step forward; invoiced needs the tracking number of the posted invoice. */
export const ZInvoiceStatusChange = z
  .object({
    id: ZId,
    status: z.enum(['toBeInvoiced', 'invoiced'], 'invalidChoice'),
    trackingNumber: z.string().trim().max(100, 'trackingTooLong').refine(visible(false), 'hiddenCharacters').default(''),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'invoiced' && !value.trackingNumber)
      ctx.addIssue({ code: 'custom', path: ['trackingNumber'], message: 'trackingRequired' });
  });
export type InvoiceStatusChange = z.input<typeof ZInvoiceStatusChange>;

/** The manager list's filters: status, title type, a search (order number, names, title, email), request dates. */
export const ZInvoiceListQuery = z.object({
  q: z.string().trim().max(100).default(''),
  status: z.enum(['', ...INVOICE_STATUSES]).default(''),
  titleType: z.enum(['', ...TITLE_TYPES]).default(''),
  from: ZOptionalIsoDate,
  to: ZOptionalIsoDate,
  page: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
});
export type InvoiceListQuery = z.output<typeof ZInvoiceListQuery>;
