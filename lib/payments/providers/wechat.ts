import { Aes, Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin';
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
 * WeChat Pay API v3, Native payment: we create an order, the payer scans its `code_url` as a QR code
 * with WeChat, and WeChat Pay posts a signed, AES-256-GCM-encrypted notification to our notify URL.
 * Requests go through wechatpay-axios-plugin, which signs them with the merchant key
 * (Authorization: WECHATPAY2-SHA256-RSA2048) and verifies the signature of every 2xx answer with the
 * platform certificate (or WeChat Pay public key: both load as a public key). WECHATPAY_API_BASE
 * points the SDK at another server (the tests' stand-in on loopback).
 */

const API_BASE = 'https://api.mch.weixin.qq.com';
/** WeChat Pay signs with this scheme only; other values in Wechatpay-Signature-Type are refused. */
const SIGNATURE_TYPE = 'WECHATPAY2-SHA256-RSA2048';
/** A signed message older or newer than this is a replay (WeChat signs every retry afresh). */
const MAX_CLOCK_SKEW_SECONDS = 300;
/** Domestic Native payment is in yuan only. */
const CURRENCY = 'CNY';
/** WeChat Pay's limit on `description`. */
const DESCRIPTION_MAX = 127;

/**
 * What we answer a notification we took. The current docs ask for HTTP 200 or 204 and no body; 200
 * with the body older docs asked for is accepted too, and unlike 204 it can carry a body in a
 * Response (a 204 with any body throws).
 */
const ACK: Acknowledgement = { status: 200, contentType: 'application/json', body: '{"code":"SUCCESS","message":"成功"}' };

const ErrorBody = z.object({ code: z.string(), message: z.string().optional() });
const NativeAnswer = z.object({ code_url: z.string().min(1) });
const Transaction = z.object({
  mchid: z.string(),
  appid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_state: z.string(),
  amount: z.object({ total: z.number().int().nonnegative().optional(), currency: z.string().optional() }).optional(),
});
type Transaction = z.infer<typeof Transaction>;
const Envelope = z.object({
  event_type: z.string(),
  resource_type: z.string().optional(),
  resource: z.object({
    algorithm: z.string(),
    ciphertext: z.string(),
    nonce: z.string(),
    associated_data: z.string().optional(),
    original_type: z.string().optional(),
  }),
});
const RefundAnswer = z.object({ refund_id: z.string().min(1), status: z.string() });

/** A configured value, trimmed; a missing one is the merchant's configuration refusing to work. */
function field(values: Record<string, string>, name: string): string {
  const value = values[name]?.trim();
  if (!value) throw new ProviderError('refused', `WeChat Pay ${name} is not set`);
  return value;
}

/** The SDK client for one method's configuration (cheap to make; it holds no connections). */
function client(config: ProviderConfig): Wechatpay {
  try {
    return new Wechatpay({
      mchid: field(config.settings, 'merchantId'),
      serial: field(config.settings, 'merchantSerialNo'),
      privateKey: field(config.secrets, 'privateKey'),
      certs: { [field(config.settings, 'platformSerialNo')]: field(config.settings, 'platformCertificate') },
      baseURL: process.env.WECHATPAY_API_BASE ?? API_BASE,
      timeout: 20_000,
    });
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw new ProviderError('refused', `WeChat Pay keys are unreadable: ${message(error)}`);
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The fields of an axios error we read (axios is the SDK's, not ours, so no import of its types). */
type AxiosLike = { isAxiosError: true; code?: string; message: string; response?: { status: number; data?: unknown } };

function isAxiosLike(error: unknown): error is AxiosLike {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

/** WeChat Pay's `{code, message}` error body of a failed call, when it sent one. */
function errorCode(error: unknown): { status: number; code: string; text: string } | null {
  if (!isAxiosLike(error) || !error.response) return null;
  const body = ErrorBody.safeParse(error.response.data);
  if (!body.success) return { status: error.response.status, code: '', text: `HTTP ${error.response.status}` };
  return { status: error.response.status, code: body.data.code, text: `${body.data.code}: ${body.data.message ?? ''}` };
}

/**
 * The SDK's errors as ours. Its response verifier reports a bad answer signature as an axios error
 * with an EV3_RES_* code (and the 200 status of the forged answer), so that is looked at first.
 */
function translate(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (!isAxiosLike(error)) return new ProviderError('unreachable', message(error));
  if (error.code?.startsWith('EV3_RES')) return new ProviderError('signature', `WeChat Pay answer not authentic: ${error.message}`);
  const failure = errorCode(error);
  if (!failure) return new ProviderError('unreachable', error.message);
  // 5xx (SYSTEM_ERROR …) are WeChat's own trouble: worth retrying, unlike a refusal.
  return new ProviderError(failure.status >= 500 ? 'unreachable' : 'refused', `WeChat Pay: ${failure.text}`);
}

/** `date` as RFC 3339 in China Standard Time, as WeChat Pay writes times: 2026-05-01T10:00:00+08:00. */
export function beijingRfc3339(date: Date): string {
  return `${new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
}

/** Cuts to WeChat Pay's limit by code points, so a Chinese character is never split. */
function description(text: string): string {
  return Array.from(text.trim() || '-')
    .slice(0, DESCRIPTION_MAX)
    .join('');
}

/** A bill's transaction as an event, once it is final; null while the payer may still pay. */
function transactionEvent(txn: Transaction, bill: Pick<BillRef, 'amountMinor' | 'currency'> | null): VerifiedEvent | null {
  // REFUND: paid, then (partly) refunded; the payment itself stands.
  if (txn.trade_state === 'SUCCESS' || txn.trade_state === 'REFUND') {
    if (!txn.transaction_id || txn.amount?.total === undefined || !txn.amount.currency) {
      throw new ProviderError('malformed', 'WeChat Pay transaction lacks its id or amount');
    }
    return {
      billNo: txn.out_trade_no,
      providerTxnId: txn.transaction_id,
      amountMinor: txn.amount.total,
      currency: txn.amount.currency.toUpperCase(),
      outcome: 'paid',
    };
  }
  if (txn.trade_state === 'CLOSED' || txn.trade_state === 'PAYERROR' || txn.trade_state === 'REVOKED') {
    return {
      billNo: txn.out_trade_no,
      // An unpaid order has no transaction; the state and bill keep the event unique.
      providerTxnId: txn.transaction_id ?? `${txn.trade_state}:${txn.out_trade_no}`,
      amountMinor: txn.amount?.total ?? bill?.amountMinor ?? 0,
      currency: (txn.amount?.currency ?? bill?.currency ?? CURRENCY).toUpperCase(),
      outcome: 'failed',
    };
  }
  return null;
}

/**
 * Checks the notification's Wechatpay-* headers and signature over "timestamp\nnonce\nbody\n" with
 * the configured platform certificate, before anything of the body is read.
 */
function verifySignature(config: ProviderConfig, headers: Headers, body: string): void {
  const signature = headers.get('wechatpay-signature');
  const timestamp = headers.get('wechatpay-timestamp');
  const nonce = headers.get('wechatpay-nonce');
  const serial = headers.get('wechatpay-serial');
  if (!signature || !timestamp || !nonce || !serial) throw new ProviderError('signature', 'missing WeChat Pay signature headers');
  const type = headers.get('wechatpay-signature-type');
  if (type && type !== SIGNATURE_TYPE) throw new ProviderError('signature', `unsupported signature type ${type}`);
  if (serial !== config.settings.platformSerialNo?.trim()) throw new ProviderError('signature', `unknown platform serial ${serial}`);
  const seconds = Number(timestamp);
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - seconds) > MAX_CLOCK_SKEW_SECONDS) {
    throw new ProviderError('signature', 'WeChat Pay notification timestamp out of range');
  }
  let valid: boolean;
  try {
    const key = Rsa.from(field(config.settings, 'platformCertificate'), Rsa.KEY_TYPE_PUBLIC);
    valid = Rsa.verify(Formatter.response(timestamp, nonce, body), signature, key);
  } catch (error) {
    throw new ProviderError('signature', `cannot verify WeChat Pay signature: ${message(error)}`);
  }
  if (!valid) throw new ProviderError('signature', 'WeChat Pay signature does not match');
}

/** JSON of a known shape, or ProviderError('malformed'). */
function parseJson<T>(schema: z.ZodType<T>, text: string, what: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ProviderError('malformed', `${what} is not JSON`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ProviderError('malformed', `${what} is not as expected: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * Decrypts the notification's resource with the API v3 key. A failed GCM tag means the ciphertext
 * was not made with our key, which is an authenticity failure rather than an unreadable body.
 */
function decryptResource(config: ProviderConfig, resource: z.infer<typeof Envelope>['resource']): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new ProviderError('malformed', `unknown algorithm ${resource.algorithm}`);
  const apiV3Key = field(config.secrets, 'apiV3Key');
  try {
    return Aes.AesGcm.decrypt(resource.ciphertext, apiV3Key, resource.nonce, resource.associated_data ?? '');
  } catch (error) {
    throw new ProviderError('signature', `cannot decrypt WeChat Pay resource: ${message(error)}`);
  }
}

/** The transaction must be for this merchant and app: another merchant's event is not ours to apply. */
function checkOwner(config: ProviderConfig, txn: Transaction): void {
  if (txn.mchid !== field(config.settings, 'merchantId') || txn.appid !== field(config.settings, 'appId')) {
    throw new ProviderError('signature', 'WeChat Pay notification is for another merchant or app');
  }
}

export const wechatProvider: PaymentProvider = {
  kind: 'weChat',

  async start(config: ProviderConfig, input: StartInput) {
    if (input.currency !== CURRENCY) throw new ProviderError('refused', `WeChat Pay takes ${CURRENCY} only, not ${input.currency}`);
    const wx = client(config);
    try {
      const { data } = await wx.v3.pay.transactions.native.post({
        appid: field(config.settings, 'appId'),
        mchid: field(config.settings, 'merchantId'),
        description: description(input.description),
        out_trade_no: input.billNo,
        time_expire: beijingRfc3339(input.expiresAt),
        notify_url: input.notifyUrl,
        amount: { total: input.amountMinor, currency: CURRENCY },
      });
      const answer = NativeAnswer.safeParse(data);
      if (!answer.success) throw new ProviderError('refused', 'WeChat Pay gave no code_url');
      return { providerRef: null, next: { type: 'qr', content: answer.data.code_url } };
    } catch (error) {
      throw translate(error);
    }
  },

  async verifyNotification(config: ProviderConfig, input: IncomingNotification) {
    const body = Buffer.from(input.body).toString('utf8');
    verifySignature(config, input.headers, body);
    const envelope = parseJson(Envelope, body, 'WeChat Pay notification');
    if (envelope.event_type !== 'TRANSACTION.SUCCESS') return { event: null, ack: ACK };
    const txn = parseJson(Transaction, decryptResource(config, envelope.resource), 'WeChat Pay transaction');
    checkOwner(config, txn);
    return { event: txn.trade_state === 'SUCCESS' ? transactionEvent(txn, null) : null, ack: ACK };
  },

  async query(config: ProviderConfig, bill: BillRef) {
    const wx = client(config);
    let data: unknown;
    try {
      ({ data } = await wx.v3.pay.transactions.outTradeNo._out_trade_no_.get({
        params: { mchid: field(config.settings, 'merchantId') },
        out_trade_no: encodeURIComponent(bill.billNo),
      }));
    } catch (error) {
      // No order yet (or it never reached WeChat Pay): nothing is final.
      if (errorCode(error)?.code === 'ORDER_NOT_EXIST') return null;
      throw translate(error);
    }
    const txn = Transaction.safeParse(data);
    if (!txn.success) throw new ProviderError('malformed', 'WeChat Pay query answer is not a transaction');
    return transactionEvent(txn.data, bill);
  },

  async refund(config: ProviderConfig, bill: BillRef, amountMinor: number, refundNo: string) {
    if (bill.currency !== CURRENCY) throw new ProviderError('refused', `WeChat Pay refunds ${CURRENCY} only`);
    if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor > bill.amountMinor) {
      throw new ProviderError('refused', `cannot refund ${amountMinor} of ${bill.amountMinor}`);
    }
    const wx = client(config);
    try {
      const { data } = await wx.v3.refund.domestic.refunds.post({
        out_trade_no: bill.billNo,
        out_refund_no: refundNo,
        amount: { refund: amountMinor, total: bill.amountMinor, currency: CURRENCY },
      });
      const answer = RefundAnswer.safeParse(data);
      if (!answer.success) throw new ProviderError('malformed', 'WeChat Pay refund answer has no refund_id');
      // CLOSED / ABNORMAL: the money did not go back by itself.
      if (answer.data.status !== 'SUCCESS' && answer.data.status !== 'PROCESSING') {
        throw new ProviderError('refused', `WeChat Pay refund ${answer.data.refund_id} is ${answer.data.status}`);
      }
      return { refundId: answer.data.refund_id };
    } catch (error) {
      throw translate(error);
    }
  },
};
