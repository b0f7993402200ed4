import type { MailTemplateName } from '@/emails/templates';

/** The confirmation mail of each kind of order (spec §3 email config: registration, optional and hotel payment). */
const PAID_BY_TYPE: Partial<Record<string, MailTemplateName>> = {
  registration: 'registrationPaymentReceived',
  optional: 'optionalPaymentReceived',
  hotel: 'hotelPaymentReceived',
};

export type PaymentMail = 'paymentReceived' | 'paymentConfirmed';

/**
 * The template of a paid bill's mail, by its orders' type: money received online for orders all of
 * one kind gets that kind's confirmation; a bill mixing kinds (or of submission modules) the general
 * one. A transfer the organiser confirmed keeps its own mail (`paymentConfirmed`): it answers the
 * slip the payer sent, and its refusal is its pair.
 */
export function paidMailTemplate(template: PaymentMail, orderTypes: readonly string[]): MailTemplateName {
  if (template !== 'paymentReceived') return template;
  const types = new Set(orderTypes);
  const [only] = types;
  return (types.size === 1 && PAID_BY_TYPE[only]) || template;
}
