import { mailTemplates, type MailTemplateName } from '@/emails/templates';
import { locales, type LocalizedText } from '@/lib/i18n/localized';
import { placeholdersIn } from './template-schema';

/**
 * The mail templates a conference sends and its organisers may reword (spec §3 email config):
 * registration, payments (one confirmation each for registration, optional and hotel orders, one
 * for mixed bills, and the transfer's confirmation and refusal), invoices, abstract
 * submission, reviewers' and chairs' mails, the final result and the hotel mails. Account mail
 * (codes, the password notice) and the platform's publication mails stay the platform's wording.
 * Browser-safe: the editor lists these with their placeholders.
 */
export const EDITABLE_TEMPLATES = [
  'registrationSuccess',
  'registrationPaymentReceived',
  'optionalPaymentReceived',
  'hotelPaymentReceived',
  'paymentReceived',
  'paymentConfirmed',
  'paymentRejected',
  'invoiceIssued',
  'invoiceIssuedElectronic',
  'submissionReceived',
  'submissionResubmitted',
  'reviewerInvitation',
  'abstractAssigned',
  'abstractReviewed',
  'chairReview',
  'finalResult',
  'hotelBooking',
  'hotelBookingInvalidated',
  'hotelBookingRepriced',
  'payReminder',
  'orderExpired',
  'programmeChanged',
] as const satisfies readonly MailTemplateName[];
export type EditableTemplate = (typeof EDITABLE_TEMPLATES)[number];

/** What the outbox must know of one kind of mail to send it safely. */
export type MailKind = {
  /** Whose mail it is: the platform's (account notices, publication workflow) or one conference's. */
  owner: 'platform' | 'conference';
  /**
   * It carries a credential: an emailed code or a link whose key grants something. A key proves an
   * address only when the platform itself delivered it, so such mail never goes through a
   * conference's SMTP (an organiser could point that at a server of their own and read it).
   */
  credential: boolean;
};

/**
 * Every kind of mail the outbox holds (each template, and a conference's bulk mail `campaign`):
 * the one place that decides which SMTP may carry it (throughPlatformSmtp). The type makes a new
 * template without an entry a compile error.
 */
export const MAIL_KINDS = {
  // Account mail: codes and the password notice, platform wording (the platform's name, never a conference's).
  registerCode: { owner: 'platform', credential: true },
  resetPassCode: { owner: 'platform', credential: true },
  loginCode: { owner: 'platform', credential: true },
  feedback: { owner: 'platform', credential: true },
  passwordChanged: { owner: 'platform', credential: false },
  // The publication workflow, between a conference's manager and the platform's administrators.
  publicationRequested: { owner: 'platform', credential: false },
  publicationApproved: { owner: 'platform', credential: false },
  publicationRejected: { owner: 'platform', credential: false },
  // The invitation's link holds the activation key.
  reviewerInvitation: { owner: 'conference', credential: true },
  // A conference's own mail: its SMTP when it has an active one.
  feedbackReply: { owner: 'conference', credential: false },
  registrationSuccess: { owner: 'conference', credential: false },
  paymentReceived: { owner: 'conference', credential: false },
  registrationPaymentReceived: { owner: 'conference', credential: false },
  optionalPaymentReceived: { owner: 'conference', credential: false },
  hotelPaymentReceived: { owner: 'conference', credential: false },
  paymentConfirmed: { owner: 'conference', credential: false },
  paymentRejected: { owner: 'conference', credential: false },
  invoiceIssued: { owner: 'conference', credential: false },
  invoiceIssuedElectronic: { owner: 'conference', credential: false },
  submissionReceived: { owner: 'conference', credential: false },
  submissionResubmitted: { owner: 'conference', credential: false },
  abstractAssigned: { owner: 'conference', credential: false },
  abstractReviewed: { owner: 'conference', credential: false },
  chairReview: { owner: 'conference', credential: false },
  finalResult: { owner: 'conference', credential: false },
  hotelBooking: { owner: 'conference', credential: false },
  hotelBookingInvalidated: { owner: 'conference', credential: false },
  hotelBookingRepriced: { owner: 'conference', credential: false },
  payReminder: { owner: 'conference', credential: false },
  orderExpired: { owner: 'conference', credential: false },
  programmeChanged: { owner: 'conference', credential: false },
  // The ticket's QR code lets its holder in.
  ticketIssued: { owner: 'conference', credential: true },
  // The certificate mail links to the profile (downloaded after signing in) and names a code anyone may check.
  certificateIssued: { owner: 'conference', credential: false },
  campaign: { owner: 'conference', credential: false },
} as const satisfies Record<MailTemplateName | 'campaign', MailKind>;
export type MailKindName = keyof typeof MAIL_KINDS;

/**
 * The kinds a conference's own SMTP may carry: its own mail without a credential. Everything else
 * (platform mail, credential mail, and any name this catalog does not know) goes through the
 * platform's SMTP.
 */
export const CONFERENCE_SMTP_KINDS: readonly MailKindName[] = (Object.keys(MAIL_KINDS) as MailKindName[]).filter(
  (name) => MAIL_KINDS[name].owner === 'conference' && !MAIL_KINDS[name].credential,
);

/** Whether a mail of this kind must go through the platform's SMTP whatever conference it belongs to. */
export function throughPlatformSmtp(template: string): boolean {
  return !(CONFERENCE_SMTP_KINDS as readonly string[]).includes(template);
}

export function isEditableTemplate(name: string): name is EditableTemplate {
  return (EDITABLE_TEMPLATES as readonly string[]).includes(name);
}

/** The `{name}` placeholders a hotel booking mail (and each hotel notice) fills. */
export const HOTEL_BOOKING_MAIL_VARS = [
  'conference',
  'name',
  'hotel',
  'roomType',
  'checkIn',
  'checkOut',
  'nights',
  'rooms',
  'total',
  'orderNo',
  'requirements',
  'payBy',
  'payUrl',
] as const;

/**
 * Placeholders a template offers beyond those its built-in wording names: the registration mail
 * says the pay-by time and link inside {fees}, and offers them on their own as well.
 */
const EXTRA_VARS: Partial<Record<EditableTemplate, readonly string[]>> = { registrationSuccess: ['payBy', 'payUrl'] };

/**
 * The placeholders a template offers: those its built-in wording uses (the senders fill exactly
 * these) and its extras, all of the booking's for the hotel mails.
 */
export function templateVars(name: EditableTemplate): readonly string[] {
  if (name.startsWith('hotelBooking')) return HOTEL_BOOKING_MAIL_VARS;
  const found = new Set<string>();
  for (const locale of locales) {
    const template = mailTemplates[name][locale];
    for (const text of [template.subject, ...template.lines]) for (const v of placeholdersIn(text)) found.add(v);
  }
  for (const v of EXTRA_VARS[name] ?? []) found.add(v);
  return [...found];
}

/** The built-in wording in both languages as the editor shows it (the body one paragraph a line). */
export function defaultTemplate(name: EditableTemplate): { subject: LocalizedText; body: LocalizedText } {
  const t = mailTemplates[name];
  return {
    subject: { zh: t.zh.subject, en: t.en.subject },
    body: { zh: t.zh.lines.join('\n'), en: t.en.lines.join('\n') },
  };
}
