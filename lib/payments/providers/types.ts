/**
 * The one interface every online payment provider implements (Stripe, WeChat Pay, Alipay, PayPal,
 * PayEase). A provider knows nothing of our database: it turns a bill into the provider's payment
 * object, verifies what the provider sends back, asks the provider about a payment, and refunds.
 * The services in lib/payments decide what a verified event means for bills and orders.
 *
 * Amounts are integer minor units with an upper-case ISO 4217 currency, both ways.
 */

/** The method kinds of spec §3, plus Stripe for cards. */
export const METHOD_KINDS = ['stripe', 'weChat', 'aliPay', 'payPal', 'payEase', 'bankRemit', 'postRemit', 'other'] as const;
export type MethodKind = (typeof METHOD_KINDS)[number];
export const ONLINE_KINDS = ['stripe', 'weChat', 'aliPay', 'payPal', 'payEase'] as const satisfies readonly MethodKind[];
export type OnlineKind = (typeof ONLINE_KINDS)[number];

export function isOnlineKind(kind: string): kind is OnlineKind {
  return (ONLINE_KINDS as readonly string[]).includes(kind);
}

/** A method's configuration as the provider needs it: the shown settings and the decrypted secrets. */
export type ProviderConfig = {
  settings: Record<string, string>;
  secrets: Record<string, string>;
};

export type StartInput = {
  /** Our bill number: the provider's merchant order number / client reference. */
  billNo: string;
  amountMinor: number;
  currency: string;
  /** What the payer sees at the provider, in their language. */
  description: string;
  locale: 'zh' | 'en';
  payerEmail: string;
  /** Where the payer's browser comes back to (our result page). */
  returnUrl: string;
  /** Where the payer goes when they give up at the provider. */
  cancelUrl: string;
  /** Where the provider posts its notification (our notify handler for this kind, on the conference's host). */
  notifyUrl: string;
  /** The provider should refuse payment after this moment. */
  expiresAt: Date;
  /** The payer's address, when known (some providers want it). */
  clientIp: string | null;
};

export type StartResult = {
  /** The provider's id of the payment object made (session, prepay id, order id …), if any. */
  providerRef: string | null;
  /** What the payer does next: go to the provider's page, or scan a QR code holding `content`. */
  next: { type: 'redirect'; url: string } | { type: 'qr'; content: string };
};

/** What a provider told us about a payment, after its signature was verified. */
export type VerifiedEvent = {
  billNo: string;
  /** The provider's transaction id (idempotency key). */
  providerTxnId: string;
  amountMinor: number;
  currency: string;
  outcome: 'paid' | 'failed';
};

/** A notification as it arrived: its headers and raw bytes (signatures are over the raw body). */
export type IncomingNotification = { headers: Headers; body: Uint8Array; url: URL };

/** The answer the provider expects when we took its notification. */
export type Acknowledgement = { status: number; contentType: string; body: string };

export type VerifyResult = {
  /** Null when the notification is authentic but tells nothing we act on (another event type). */
  event: VerifiedEvent | null;
  ack: Acknowledgement;
};

export type BillRef = {
  billNo: string;
  providerRef: string | null;
  providerTxnId: string | null;
  amountMinor: number;
  currency: string;
};

export interface PaymentProvider {
  readonly kind: OnlineKind;
  /** Creates the provider's payment for a bill. Throws ProviderError when the provider refuses or cannot be reached. */
  start(config: ProviderConfig, input: StartInput): Promise<StartResult>;
  /**
   * Verifies a notification's signature with the configured keys and reads it. Throws
   * ProviderError('signature') for a missing or wrong signature and ProviderError('malformed')
   * for a body it cannot read; never trusts a field before the signature held.
   */
  verifyNotification(config: ProviderConfig, input: IncomingNotification): Promise<VerifyResult>;
  /** Asks the provider about a bill (a notification may have been lost); null while nothing is final. */
  query(config: ProviderConfig, bill: BillRef): Promise<VerifiedEvent | null>;
  /** Refunds `amountMinor` of a paid bill; `refundNo` is our idempotency key for this refund. */
  refund(config: ProviderConfig, bill: BillRef, amountMinor: number, refundNo: string): Promise<{ refundId: string }>;
  /**
   * Closes a payment we gave up (replaced by a new one, or past its time) at the provider, so the
   * payer cannot pay it any more, where the provider allows it. Best effort: a payment that cannot
   * be closed and is paid all the same is still applied or kept as an exception.
   */
  close?(config: ProviderConfig, bill: BillRef): Promise<void>;
}

/** Why a provider call failed: a bad signature, an unreadable body, or the provider refusing or unreachable. */
export class ProviderError extends Error {
  constructor(
    readonly reason: 'signature' | 'malformed' | 'refused' | 'unreachable',
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
