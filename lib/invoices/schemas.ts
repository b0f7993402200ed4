import { z } from 'zod';
import { ZEmail } from '@/lib/accounts/schemas';
import { hasHiddenCharacters } from '@/lib/accounts/lookalike';
import { ZId, ZOptionalIsoDate } from '@/lib/validation/primitives';

/**
 * Invoice requests (spec §3 Invoice, §5 "Invoice fields required by type"): one schema for the
 * participant's form (zodResolver) and the handler. Messages are keys of `validation`.
 */
/** 增值税普通发票 and 增值税专用发票 (the special one: a company's registered address, phone, bank and account). */
export const INVOICE_TYPES = ['ordinary', 'special'] as const;
/** By email (the organiser attaches the issued electronic invoice) or by post (to a postal address). */
export const INVOICE_DELIVERIES = ['email', 'post'] as const;
export const INVOICE_CONTENTS = ['goodsDetail'] as const;
export const TITLE_TYPES = ['personal', 'company'] as const;
export const INVOICE_STATUSES = ['unbilled', 'toBeInvoiced', 'invoiced'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export type TitleType = (typeof TITLE_TYPES)[number];
export type InvoiceType = (typeof INVOICE_TYPES)[number];
export type InvoiceDelivery = (typeof INVOICE_DELIVERIES)[number];

/** A taxpayer id (unified social credit code and the older forms): 15–20 letters and digits. */
export const TAXPAYER_ID_PATTERN = /^[0-9A-Z]{15,20}$/;

/** No text-direction controls or invisible characters (line breaks allowed where `multiline`). */
const visible = (multiline: boolean) => (value: string) => !hasHiddenCharacters(multiline ? value.replace(/[\r\n\t]/g, '') : value);

const required = (max: number, requiredKey: string) =>
  z.string({ error: requiredKey }).trim().min(1, requiredKey).max(max, 'tooLong').refine(visible(false), 'hiddenCharacters');

const optional = (max: number, multiline = true) =>
  z.string().trim().max(max, 'tooLong').refine(visible(multiline), 'hiddenCharacters').default('');

const PHONE_PATTERN = /^\+?[\d\s()-]+$/;
const isPhone = (v: string) => PHONE_PATTERN.test(v) && v.replace(/\D/g, '').length >= 5;

/** A phone asked only for some requests: '' or a phone number (whether it is needed is the request's rule). */
const ZOptionalPhone = z
  .string()
  .trim()
  .max(30, 'phoneInvalid')
  .refine((v) => v === '' || isPhone(v), 'phoneInvalid')
  .default('');

/** A bank account: letters and digits (spaces and dashes between groups), 5–50 characters. */
export const BANK_ACCOUNT_PATTERN = /^[0-9A-Za-z](?:[0-9A-Za-z -]{3,48})[0-9A-Za-z]$/;

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

/** The fields each invoice type and each delivery requires beyond the common ones, with the message of a missing one. */
export const SPECIAL_FIELDS = {
  registeredAddress: 'registeredAddressRequired',
  registeredPhone: 'registeredPhoneRequired',
  bankName: 'bankNameRequired',
  bankAccount: 'bankAccountRequired',
} as const;
export const POST_FIELDS = { recipientName: 'recipientRequired', phone: 'phoneRequired', address: 'addressRequired' } as const;

type RequestShape = {
  type?: InvoiceType;
  delivery?: InvoiceDelivery;
  titleType?: TitleType;
  taxpayerId: string;
} & Record<keyof typeof SPECIAL_FIELDS | keyof typeof POST_FIELDS, string>;

/** Special → a company with its registered address, phone, bank and account; post → a recipient, phone and address. */
function typeAndDeliveryRule(value: RequestShape, ctx: z.RefinementCtx) {
  const need = (fields: Partial<Record<keyof RequestShape, string>>) => {
    for (const [field, message] of Object.entries(fields) as [keyof RequestShape, string][])
      if (!value[field]) ctx.addIssue({ code: 'custom', path: [field], message });
  };
  if (value.type === 'special') {
    if (value.titleType === 'personal') ctx.addIssue({ code: 'custom', path: ['titleType'], message: 'specialNeedsCompany' });
    need(SPECIAL_FIELDS);
  }
  if (value.delivery === 'post') need(POST_FIELDS);
}

/**
 * A participant's invoice request for one of their paid orders. Company → taxpayer id required
 * (15–20 letters and digits, upper-cased); personal → none. A special VAT invoice is a company's,
 * with its registered address, phone, bank and account. By email → the email only (the registrant's
 * by default); by post → a recipient, phone and postal address too. Fields the type or the delivery
 * does not use are dropped by the service. The amount is not here: it comes from the order.
 */
export const ZInvoiceRequest = z
  .object({
    orderId: ZId,
    type: z.enum(INVOICE_TYPES, 'invalidChoice').default('ordinary'),
    delivery: z.enum(INVOICE_DELIVERIES, 'deliveryRequired'),
    content: z.enum(INVOICE_CONTENTS, 'invalidChoice').default('goodsDetail'),
    titleType: z.enum(TITLE_TYPES, 'invalidChoice'),
    title: required(100, 'invoiceTitleRequired'),
    taxpayerId: ZTaxpayerId,
    registeredAddress: optional(200, false),
    registeredPhone: ZOptionalPhone,
    bankName: optional(100, false),
    bankAccount: z
      .string()
      .trim()
      .max(50, 'bankAccountInvalid')
      .refine((v) => v === '' || BANK_ACCOUNT_PATTERN.test(v), 'bankAccountInvalid')
      .default(''),
    recipientName: optional(50, false),
    phone: ZOptionalPhone,
    address: optional(300, false),
    email: ZEmail,
    attendees: optional(500),
    comment: optional(500),
  })
  .superRefine(taxpayerRule)
  .superRefine(typeAndDeliveryRule);
export type InvoiceRequestInput = z.input<typeof ZInvoiceRequest>;
export type InvoiceRequestValues = z.output<typeof ZInvoiceRequest>;

export const ZInvoiceMineQuery = z.object({ orderId: ZId });

/**
 * A manager moves a request one step forward; invoiced needs the tracking number of the posted
 * invoice (a request delivered by email is invoiced by attaching its electronic invoice instead).
 */
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

/** The issued electronic invoice: a PDF or an OFD file (checked by content), at most 10 MB. */
export const INVOICE_FILE_TYPES = ['pdf', 'ofd'] as const;
export const INVOICE_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** Which request the attached invoice file is for (a multipart field). */
export const ZInvoiceFileTarget = z.object({ id: ZId });

/** A participant's invoice file, by their order. */
export const ZInvoiceFileQuery = z.object({ orderId: ZId });
