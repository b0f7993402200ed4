import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { AlipayRequestError, AlipaySdk, type AlipaySdkCommonResult } from 'alipay-sdk';
import { z } from 'zod';
import {
  ProviderError,
  type Acknowledgement,
  type BillRef,
  type IncomingNotification,
  type PaymentProvider,
  type ProviderConfig,
  type StartInput,
  type VerifiedEvent,
} from './types';

/**
 * Alipay computer-website payment (alipay.trade.page.pay, OpenAPI 2.0 gateway): `start` signs a
 * gateway URL locally (no call to Alipay) that the payer's browser opens; Alipay then posts an
 * RSA2-signed form notification to our notify URL and sends the browser back to return_url.
 * query / refund are alipay.trade.query / alipay.trade.refund, whose answers the SDK verifies with
 * the Alipay public key. ALIPAY_GATEWAY points the SDK at another gateway (sandbox, or the tests'
 * stand-in on loopback).
 */

const GATEWAY = 'https://openapi.alipay.com/gateway.do';
/** Computer-website payment is in yuan only (no trans_currency here). */
const CURRENCY = 'CNY';
const SUBJECT_MAX = 256;
/** Alipay takes this exact text as "notification received"; anything else is retried. */
const ACK: Acknowledgement = { status: 200, contentType: 'text/plain', body: 'success' };
const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

const NotifyFields = z.object({
  app_id: z.string(),
  out_trade_no: z.string().min(1),
  trade_no: z.string().min(1),
  trade_status: z.string(),
  total_amount: z.string(),
  trans_currency: z.string().optional(),
  gmt_payment: z.string().optional(),
  gmt_refund: z.string().optional(),
});
const QueryAnswer = z.object({
  out_trade_no: z.string(),
  trade_no: z.string(),
  trade_status: z.string(),
  total_amount: z.string(),
  trans_currency: z.string().optional(),
  send_pay_date: z.string().optional(),
});

function field(values: Record<string, string>, name: string): string {
  const value = values[name]?.trim();
  if (!value) throw new ProviderError('refused', `Alipay ${name} is not set`);
  return value;
}

/**
 * A key as Alipay's console gives it (bare base64, or PEM; PKCS#1 or PKCS#8 / SPKI) as a KeyObject.
 * The SDK only re-wraps base64 under the header it is told, so a PKCS#8 key with its default
 * PKCS#1 setting would be garbled; normalising here makes either work.
 */
function privateKey(text: string): KeyObject {
  if (text.includes('-----BEGIN')) return createPrivateKey(text);
  const key = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  try {
    return createPrivateKey({ key, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key, format: 'der', type: 'pkcs1' });
  }
}

/** The Alipay public key likewise: Alipay's console shows bare SPKI base64. */
function publicKey(text: string): KeyObject {
  if (text.includes('-----BEGIN')) return createPublicKey(text);
  const key = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  try {
    return createPublicKey({ key, format: 'der', type: 'spki' });
  } catch {
    return createPublicKey({ key, format: 'der', type: 'pkcs1' });
  }
}

/** The SDK client for one method's configuration (it holds no connections of its own). */
function sdk(config: ProviderConfig): AlipaySdk {
  try {
    return new AlipaySdk({
      appId: field(config.settings, 'appId'),
      privateKey: privateKey(field(config.secrets, 'privateKey')).export({ type: 'pkcs8', format: 'pem' }).toString(),
      keyType: 'PKCS8',
      alipayPublicKey: publicKey(field(config.settings, 'alipayPublicKey')).export({ type: 'spki', format: 'pem' }).toString(),
      gateway: process.env.ALIPAY_GATEWAY ?? GATEWAY,
      signType: 'RSA2',
      // Keep Alipay's snake_case names, as its docs and notifications write them.
      camelcase: false,
      timeout: 20_000,
    });
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw new ProviderError('refused', `Alipay keys are unreadable: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Minor units as Alipay's yuan string, by integer arithmetic: 1230 → "12.30". */
export function yuan(amountMinor: number): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new ProviderError('refused', `bad amount ${amountMinor}`);
  return `${Math.floor(amountMinor / 100)}.${String(amountMinor % 100).padStart(2, '0')}`;
}

/** Alipay's yuan string as minor units, without floats: "12.3" → 1230; null when it is not one. */
export function minorUnits(amount: string): number | null {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** China Standard Time as Alipay writes it: 2026-05-01 10:00:00 (the SDK would use the server's zone). */
export function beijingTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Alipay refuses / = & in a subject. */
function subject(text: string): string {
  const clean = text.replace(/[/=&]/g, ' ').trim() || '-';
  return Array.from(clean).slice(0, SUBJECT_MAX).join('');
}

/** The SDK's errors as ours: a forged answer, a network failure, or anything else Alipay refused. */
function translate(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof AlipayRequestError) {
    // checkResponseSign's failures: the answer's sign did not verify with the Alipay public key.
    if (error.message.startsWith('验签失败')) return new ProviderError('signature', `Alipay answer not authentic: ${error.message}`);
    if (error.cause) return new ProviderError('unreachable', error.message);
    return new ProviderError('refused', error.message);
  }
  return new ProviderError('unreachable', error instanceof Error ? error.message : String(error));
}

/** An answer that is not "10000 Success" as ours: 20000 and ACQ.SYSTEM_ERROR are Alipay's own trouble. */
function answerError(result: AlipaySdkCommonResult): ProviderError {
  const text = `Alipay ${result.code} ${result.msg}: ${result.sub_code ?? ''} ${result.sub_msg ?? ''}`.trim();
  const transient = result.code === '20000' || result.sub_code === 'ACQ.SYSTEM_ERROR';
  return new ProviderError(transient ? 'unreachable' : 'refused', text);
}

/** Calls an OpenAPI 2.0 method with the answer's signature verified. */
async function call(config: ProviderConfig, method: string, bizContent: Record<string, string>): Promise<AlipaySdkCommonResult> {
  const client = sdk(config);
  try {
    return await client.exec(method, { bizContent, timestamp: beijingTime(new Date()) }, { validateSign: true });
  } catch (error) {
    throw translate(error);
  }
}

function amountOf(text: string): number {
  const minor = minorUnits(text);
  if (minor === null) throw new ProviderError('malformed', `Alipay amount ${text} is not a yuan amount`);
  return minor;
}

/** Checks the notification's RSA2 sign over its sorted fields with the Alipay public key. */
function verifySign(config: ProviderConfig, params: Record<string, string>): void {
  if (!params.sign) throw new ProviderError('signature', 'missing Alipay sign');
  if (params.sign_type && params.sign_type !== 'RSA2') throw new ProviderError('signature', `unsupported sign_type ${params.sign_type}`);
  let valid: boolean;
  try {
    // V2: the values are already form-decoded; V1 would decode them again.
    valid = sdk(config).checkNotifySignV2(params);
  } catch (error) {
    throw new ProviderError('signature', `cannot verify Alipay sign: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!valid) throw new ProviderError('signature', 'Alipay sign does not match');
}

/** The form fields of a notification; a body of another type is not an Alipay notification. */
function formFields(input: IncomingNotification): Record<string, string> {
  const type = input.headers.get('content-type');
  if (type && !type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw new ProviderError('malformed', `Alipay notification of type ${type}`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(input.body);
  } catch {
    throw new ProviderError('malformed', 'Alipay notification is not UTF-8');
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** A verified notification as an event; refund notices and unpaid states tell nothing to act on. */
function notifyEvent(fields: z.infer<typeof NotifyFields>): VerifiedEvent | null {
  const event = (outcome: 'paid' | 'failed'): VerifiedEvent => ({
    billNo: fields.out_trade_no,
    providerTxnId: fields.trade_no,
    amountMinor: amountOf(fields.total_amount),
    currency: (fields.trans_currency ?? CURRENCY).toUpperCase(),
    outcome,
  });
  // A refund is notified with the trade's status (TRADE_SUCCESS, or TRADE_CLOSED when in full).
  if (fields.gmt_refund) return null;
  if (PAID.has(fields.trade_status)) return event('paid');
  if (fields.trade_status === 'TRADE_CLOSED') return fields.gmt_payment ? null : event('failed');
  return null;
}

export const alipayProvider: PaymentProvider = {
  kind: 'aliPay',

  async start(config: ProviderConfig, input: StartInput) {
    if (input.currency !== CURRENCY) throw new ProviderError('refused', `Alipay takes ${CURRENCY} only, not ${input.currency}`);
    // The URL is made here, not at Alipay: what the gateway would refuse is refused now.
    if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
      throw new ProviderError('refused', `bad amount ${input.amountMinor}`);
    const client = sdk(config);
    const url = client.pageExec('alipay.trade.page.pay', 'GET', {
      bizContent: {
        out_trade_no: input.billNo,
        total_amount: yuan(input.amountMinor),
        subject: subject(input.description),
        product_code: 'FAST_INSTANT_TRADE_PAY',
        time_expire: beijingTime(input.expiresAt),
      },
      return_url: input.returnUrl,
      notify_url: input.notifyUrl,
      timestamp: beijingTime(new Date()),
    });
    return { providerRef: null, next: { type: 'redirect', url } };
  },

  async verifyNotification(config: ProviderConfig, input: IncomingNotification) {
    const params = formFields(input);
    verifySign(config, params);
    if (params.app_id !== field(config.settings, 'appId')) throw new ProviderError('signature', 'Alipay notification is for another app');
    const fields = NotifyFields.safeParse(params);
    if (!fields.success) throw new ProviderError('malformed', `Alipay notification lacks fields: ${fields.error.message}`);
    return { event: notifyEvent(fields.data), ack: ACK };
  },

  async query(config: ProviderConfig, bill: BillRef) {
    const result = await call(config, 'alipay.trade.query', { out_trade_no: bill.billNo });
    // A page-pay trade exists only once the payer opened the page and logged in.
    if (result.code !== '10000') {
      if (result.sub_code === 'ACQ.TRADE_NOT_EXIST') return null;
      throw answerError(result);
    }
    const answer = QueryAnswer.safeParse(result);
    if (!answer.success) throw new ProviderError('malformed', 'Alipay query answer is not a trade');
    const { trade_status: status, send_pay_date: paidAt } = answer.data;
    // TRADE_CLOSED after a payment is a full refund: the payment stands.
    const outcome = PAID.has(status) || (status === 'TRADE_CLOSED' && paidAt) ? 'paid' : status === 'TRADE_CLOSED' ? 'failed' : null;
    if (!outcome) return null;
    return {
      billNo: answer.data.out_trade_no,
      providerTxnId: answer.data.trade_no,
      amountMinor: amountOf(answer.data.total_amount),
      currency: (answer.data.trans_currency ?? CURRENCY).toUpperCase(),
      outcome,
    };
  },

  async refund(config: ProviderConfig, bill: BillRef, amountMinor: number, refundNo: string) {
    if (bill.currency !== CURRENCY) throw new ProviderError('refused', `Alipay refunds ${CURRENCY} only`);
    if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor > bill.amountMinor) {
      throw new ProviderError('refused', `cannot refund ${amountMinor} of ${bill.amountMinor}`);
    }
    const result = await call(config, 'alipay.trade.refund', {
      out_trade_no: bill.billNo,
      refund_amount: yuan(amountMinor),
      out_request_no: refundNo,
    });
    if (result.code !== '10000') throw answerError(result);
    // Alipay names a refund by the trade and our out_request_no; it has no refund id of its own.
    return { refundId: refundNo };
  },
};
