import type { MethodKind } from './providers/types';

/**
 * The fields of each payment method kind (spec §3 "payment method config by kind", plus Stripe for
 * cards). `settings` are stored as they are and shown to managers; `secrets` are encrypted at rest
 * and never sent back to a browser (a form shows "set" and may replace them).
 *
 * type: 'text' one line; 'multiline' a PEM key or certificate; 'localized' {zh, en} the payer reads;
 * 'html' {zh, en} rich text the payer reads (sanitised).
 */
export type FieldType = 'text' | 'multiline' | 'localized' | 'html';
export type FieldDef = { name: string; type: FieldType; required: boolean };
export type KindFields = { settings: FieldDef[]; secrets: FieldDef[] };

const text = (name: string, required = true): FieldDef => ({ name, type: 'text', required });
const multiline = (name: string, required = true): FieldDef => ({ name, type: 'multiline', required });
const localizedField = (name: string, required = true): FieldDef => ({ name, type: 'localized', required });

export const METHOD_FIELDS: Record<MethodKind, KindFields> = {
  stripe: { settings: [text('publishableKey', false)], secrets: [text('secretKey'), text('webhookSecret')] },
  weChat: {
    settings: [text('appId'), text('merchantId'), text('merchantSerialNo'), text('platformSerialNo'), multiline('platformCertificate')],
    secrets: [text('apiV3Key'), multiline('privateKey')],
  },
  aliPay: { settings: [text('appId'), text('merchantId', false), multiline('alipayPublicKey')], secrets: [multiline('privateKey')] },
  payPal: { settings: [text('clientId'), text('webhookId')], secrets: [text('clientSecret')] },
  payEase: {
    // The certificates are kept for PayEase's RSA-signed variant; the HMAC form protocol needs only the key.
    settings: [text('merchantId'), text('terminalNo'), multiline('payEaseCertificate', false)],
    secrets: [text('password'), multiline('certificate', false), text('certificatePassword', false)],
  },
  bankRemit: { settings: [localizedField('accountName'), text('account'), localizedField('bankName')], secrets: [] },
  postRemit: { settings: [localizedField('payee'), localizedField('address'), text('postcode')], secrets: [] },
  other: { settings: [{ name: 'html', type: 'html', required: true }], secrets: [] },
};

/** Currencies a kind can take (the providers' own limits); a kind not named takes every currency. */
const KIND_CURRENCIES: Partial<Record<MethodKind, readonly string[]>> = {
  weChat: ['CNY'],
  aliPay: ['CNY'],
  payEase: ['CNY', 'USD', 'EUR', 'GBP', 'JPY'],
};

export function acceptsCurrency(kind: MethodKind, currency: string): boolean {
  const allowed = KIND_CURRENCIES[kind];
  return !allowed || allowed.includes(currency);
}
