import { mailTemplates, type MailTemplateName } from '@/emails/templates';
import { locales, type LocalizedText } from '@/lib/i18n/localized';
import { placeholdersIn } from './template-schema';

/**
 * The mail templates a conference sends and its organisers may reword (spec §3 email config):
 * registration, payments (registration, optional and hotel orders alike), invoices, abstract
 * submission, reviewers' and chairs' mails, the final result and the hotel mails. Account mail
 * (sign-up and reset codes) and the platform's publication mails stay the platform's wording.
 * Browser-safe: the editor lists these with their placeholders.
 */
export const EDITABLE_TEMPLATES = [
  'registrationSuccess',
  'paymentReceived',
  'paymentConfirmed',
  'paymentRejected',
  'invoiceIssued',
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
] as const satisfies readonly MailTemplateName[];
export type EditableTemplate = (typeof EDITABLE_TEMPLATES)[number];

/**
 * Account and platform mail: sign-up, reset and sign-in codes, the password change notice and the
 * publication workflow's mails. They always go through the platform's SMTP, whatever conference
 * they name.
 */
export const PLATFORM_TEMPLATES = [
  'registerCode',
  'resetPassCode',
  'loginCode',
  'passwordChanged',
  'publicationRequested',
  'publicationApproved',
  'publicationRejected',
] as const satisfies readonly MailTemplateName[];

export function isPlatformTemplate(name: string): boolean {
  return (PLATFORM_TEMPLATES as readonly string[]).includes(name);
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
] as const;

/**
 * The placeholders a template offers: those its built-in wording uses (the senders fill exactly
 * these), all of the booking's for the hotel mails.
 */
export function templateVars(name: EditableTemplate): readonly string[] {
  if (name.startsWith('hotel')) return HOTEL_BOOKING_MAIL_VARS;
  const found = new Set<string>();
  for (const locale of locales) {
    const template = mailTemplates[name][locale];
    for (const text of [template.subject, ...template.lines]) for (const v of placeholdersIn(text)) found.add(v);
  }
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
