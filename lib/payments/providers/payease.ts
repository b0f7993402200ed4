import { createHmac, timingSafeEqual } from 'node:crypto';
import { minorDigits, toMinor } from '@/lib/fees/money';
import { ProviderError, type Acknowledgement, type PaymentProvider, type ProviderConfig, type VerifiedEvent } from './types';

/**
 * PayEase (首信易支付) through its classic signed-form B2C interface. There is no SDK: the payer's
 * browser is sent to the gateway with the order as form fields signed by HMAC-MD5 with the merchant's
 * MD5 key (the `password` secret); PayEase sends the browser back to v_url and posts a signed
 * server-to-server notification to the address registered in the PayEase merchant console (the
 * classic interface takes no notify URL per order). We answer "sent". Orders can be asked about with
 * the order_ack_oid_list query; refunds are made in the merchant console only.
 *
 * The field orders below come from PayEase's published merchant demos (PHP/JSP/.NET) and the
 * integrations built on them; they are the one place our code knows them.
 *
 * PAYEASE_GATEWAY overrides the payment page URL (the tests' stand-in on loopback); the query URL then
 * sits on the same origin, unless PAYEASE_QUERY_URL names it.
 */
const SIGNED_FIELDS = {
  /** The order we send → v_md5info. */
  order: ['v_moneytype', 'v_ymd', 'v_amount', 'v_rcvname', 'v_oid', 'v_mid', 'v_url'],
  /** The server-to-server notification (v_pstatus 1 paid, 3 refused, 0 pending) → v_mac. */
  notify: ['v_oid', 'v_pmode', 'v_pstatus', 'v_pstring', 'v_count'],
  /** The browser return to v_url (v_pstatus 20 paid, 30 failed, 1 pending) → v_md5info. */
  return: ['v_oid', 'v_pstatus', 'v_pstring', 'v_pmode'],
  /** Both kinds of result also sign the money → v_md5money. */
  money: ['v_amount', 'v_moneytype'],
  /** The order query → v_mac. */
  query: ['v_mid', 'v_oid'],
} as const;

const DEFAULT_GATEWAY = 'https://pay.yizhifubj.com/prs/user_payment.checkit';
const DEFAULT_QUERY = 'https://api.yizhifubj.com/merchant/order/order_ack_oid_list.jsp';
const QUERY_PATH = '/merchant/order/order_ack_oid_list.jsp';
/** PayEase's codes (v_moneytype); foreign currencies need a merchant contract for foreign cards. */
const MONEY_TYPES: Record<string, string> = { CNY: '0', USD: '1', EUR: '2', GBP: '3', JPY: '4' };
const ACK: Acknowledgement = { status: 200, contentType: 'text/plain', body: 'sent' };
const TIMEOUT_MS = 20_000;

type Merchant = { mid: string; terminal: string; key: string };

function merchant(config: ProviderConfig): Merchant {
  const { merchantId: mid, terminalNo: terminal } = config.settings;
  const key = config.secrets.password;
  if (!mid || !terminal || !key) throw new ProviderError('refused', 'PayEase merchant id, terminal number or key is not set');
  return { mid, terminal, key };
}

/** HMAC-MD5 in lower-case hex, over bytes as they were sent (PayEase signs its GBK text as bytes). */
export function payeaseHmac(key: string, data: Buffer | string): string {
  return createHmac('md5', key).update(data).digest('hex');
}

function sign(key: string, fields: Record<string, Buffer | string>, names: readonly string[]): string {
  return payeaseHmac(key, Buffer.concat(names.map((name) => Buffer.from(fields[name] ?? ''))));
}

function sameHex(expected: string, received: string): boolean {
  const a = Buffer.from(expected.toLowerCase());
  const b = Buffer.from(received.trim().toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Minor units as PayEase's yuan with two decimals (always two, also for JPY), by string arithmetic. */
function payeaseAmount(amountMinor: number, currency: string): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw new ProviderError('refused', `not an amount: ${amountMinor}`);
  const digits = minorDigits(currency);
  const text = String(amountMinor).padStart(digits + 1, '0');
  const major = digits === 0 ? text : text.slice(0, -digits);
  const fraction = digits === 0 ? '' : text.slice(-digits);
  return `${major}.${fraction.padEnd(2, '0')}`;
}

/** The ISO currency of a v_moneytype (PayEase's digit, or a letter code some versions send). */
function currencyOf(moneyType: string): string | null {
  const code = Object.entries(MONEY_TYPES).find(([, digit]) => digit === moneyType)?.[0];
  return code ?? (Object.hasOwn(MONEY_TYPES, moneyType.toUpperCase()) ? moneyType.toUpperCase() : null);
}

/** Today in Beijing as yyyymmdd: v_ymd, and the head of v_oid. */
function beijingYmd(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(now)
    .replaceAll('-', '');
}

/** The bill in a v_oid (yyyymmdd-v_mid-billNo), or null when the order is not one of this merchant's. */
function billOf(oid: string, mid: string): string | null {
  const head = /^\d{8}-/.exec(oid);
  if (!head || !oid.startsWith(`${mid}-`, head[0].length)) return null;
  return oid.slice(head[0].length + mid.length + 1) || null;
}

function gateway(currency: string): string {
  const url = process.env.PAYEASE_GATEWAY ?? DEFAULT_GATEWAY;
  // Foreign-card payments go to the e_ page next to the domestic one.
  return currency === 'CNY' ? url : url.replace(/\/user_payment\.checkit$/, '/e_user_payment.checkit');
}

function queryUrl(): string {
  if (process.env.PAYEASE_QUERY_URL) return process.env.PAYEASE_QUERY_URL;
  const custom = process.env.PAYEASE_GATEWAY;
  return custom && URL.canParse(custom) ? `${new URL(custom).origin}${QUERY_PATH}` : DEFAULT_QUERY;
}

// ---------------------------------------------------------------------------------------------------
// Notifications
// ---------------------------------------------------------------------------------------------------

/** Percent-decodes to bytes, so a GBK or UTF-8 value is signed-checked exactly as it was sent. */
function decodeBytes(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '+') bytes.push(0x20);
    else if (char !== '%') bytes.push(text.charCodeAt(i));
    else if (/^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else throw new ProviderError('malformed', 'PayEase notification has a broken percent-encoding');
  }
  return Buffer.from(bytes);
}

/** An application/x-www-form-urlencoded body as raw byte values by name. */
function parseForm(body: Uint8Array): Map<string, Buffer> {
  const fields = new Map<string, Buffer>();
  for (const pair of Buffer.from(body).toString('latin1').split('&')) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    const name = decodeBytes(at < 0 ? pair : pair.slice(0, at)).toString('latin1');
    if (fields.has(name)) throw new ProviderError('malformed', `PayEase notification repeats ${name}`);
    fields.set(name, decodeBytes(at < 0 ? '' : pair.slice(at + 1)));
  }
  return fields;
}

/** Java's URLEncoder form of the bytes: some PayEase versions sign v_pmode/v_pstring encoded. */
function javaUrlEncoded(bytes: Buffer): Buffer {
  let out = '';
  for (const byte of bytes) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9.*_-]/.test(char) ? char : byte === 0x20 ? '+' : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return Buffer.from(out);
}

/** Whether `received` is the HMAC of the fields, signed raw or (text fields) URL-encoded. */
function signedBy(key: string, fields: Map<string, Buffer>, names: readonly string[], received: string): boolean {
  const raw = Object.fromEntries(names.map((name) => [name, fields.get(name) ?? Buffer.alloc(0)]));
  if (sameHex(sign(key, raw, names), received)) return true;
  const encoded = {
    ...raw,
    v_pmode: javaUrlEncoded(raw.v_pmode ?? Buffer.alloc(0)),
    v_pstring: javaUrlEncoded(raw.v_pstring ?? Buffer.alloc(0)),
  };
  return sameHex(sign(key, encoded, names), received);
}

type Result = { oid: string; status: string; amount: string; moneyType: string };

/** Checks the signatures of either kind of result, then reads it; nothing is read before they held. */
function verifiedResult(key: string, fields: Map<string, Buffer>): { result: Result; kind: 'notify' | 'return' } {
  const text = (name: string) => fields.get(name)?.toString('latin1');
  const [oid, status, amount, moneyType] = ['v_oid', 'v_pstatus', 'v_amount', 'v_moneytype'].map(text);
  if (!oid || !status || !amount || !moneyType)
    throw new ProviderError('malformed', 'not a PayEase result (v_oid, v_pstatus, v_amount, v_moneytype)');
  const mac = text('v_mac');
  const info = text('v_md5info');
  const money = text('v_md5money');
  if ((!mac && !info) || !money) throw new ProviderError('signature', 'PayEase result without v_mac/v_md5info and v_md5money');
  const kind = mac ? 'notify' : 'return';
  const held = signedBy(key, fields, SIGNED_FIELDS[kind], (mac ?? info)!) && signedBy(key, fields, SIGNED_FIELDS.money, money);
  if (!held) throw new ProviderError('signature', 'PayEase signature does not match');
  if (kind === 'notify' && text('v_count') !== '1')
    throw new ProviderError('malformed', `PayEase batched ${text('v_count')} orders; only single ones are read`);
  return { result: { oid, status, amount, moneyType }, kind };
}

/** A result as our event: paid or failed by the status codes of its kind, null while pending. */
function resultEvent(mid: string, result: Result, paid: string, failed: string): VerifiedEvent | null {
  const outcome = result.status === paid ? 'paid' : result.status === failed ? 'failed' : null;
  if (!outcome) return null;
  const billNo = billOf(result.oid, mid);
  const currency = currencyOf(result.moneyType);
  if (!billNo || !currency) throw new ProviderError('malformed', `PayEase order ${result.oid} (${result.moneyType}) is not ours`);
  const amountMinor = toMinor(result.amount, currency);
  if (!Number.isSafeInteger(amountMinor)) throw new ProviderError('malformed', `PayEase amount ${result.amount} is not readable`);
  // v_oid is unique per bill (it contains billNo) and PayEase has no other transaction number here.
  return { billNo, providerTxnId: result.oid, amountMinor, currency, outcome };
}

// ---------------------------------------------------------------------------------------------------
// Query
// ---------------------------------------------------------------------------------------------------

/** The text of the first <tag> inside `xml` (the answer is flat: messagehead, messagebody/order). */
function tag(xml: string, name: string): string | null {
  return new RegExp(`<${name}>\\s*([^<]*?)\\s*</${name}>`).exec(xml)?.[1] ?? null;
}

async function postForm(url: string, form: Record<string, string>): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', body: new URLSearchParams(form), signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new ProviderError('unreachable', `PayEase query: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok)
    throw new ProviderError(response.status >= 500 ? 'unreachable' : 'refused', `PayEase query answered ${response.status}`);
  // The answer is GBK; the fields we read are ASCII, so bytes as latin1 keep them intact.
  return Buffer.from(await response.arrayBuffer()).toString('latin1');
}

export const payeaseProvider: PaymentProvider = {
  kind: 'payEase',

  async start(config, input) {
    const { mid, terminal, key } = merchant(config);
    const moneyType = MONEY_TYPES[input.currency];
    if (moneyType === undefined) throw new ProviderError('refused', `PayEase does not take ${input.currency}`);
    const ymd = beijingYmd(new Date());
    const fields: Record<string, string> = {
      v_mid: mid,
      v_oid: `${ymd}-${mid}-${input.billNo}`,
      // PayEase asks for ASCII here (its pages are GBK): the terminal number stands for the receiver.
      v_rcvname: terminal,
      v_rcvaddr: terminal,
      v_rcvtel: terminal,
      v_rcvpost: terminal,
      v_amount: payeaseAmount(input.amountMinor, input.currency),
      v_ymd: ymd,
      v_orderstatus: '1',
      v_ordername: terminal,
      v_moneytype: moneyType,
      v_url: input.returnUrl,
    };
    fields.v_md5info = sign(key, fields, SIGNED_FIELDS.order);
    const url = new URL(gateway(input.currency));
    for (const [name, value] of Object.entries(fields)) url.searchParams.set(name, value);
    return { providerRef: fields.v_oid, next: { type: 'redirect', url: url.toString() } };
  },

  async verifyNotification(config, input) {
    const { mid, key } = merchant(config);
    const { result, kind } = verifiedResult(key, parseForm(input.body));
    const event = kind === 'notify' ? resultEvent(mid, result, '1', '3') : resultEvent(mid, result, '20', '30');
    return { event, ack: ACK };
  },

  async query(config, bill) {
    if (!bill.providerRef) return null;
    const { mid, key } = merchant(config);
    const form = { v_mid: mid, v_oid: bill.providerRef };
    const xml = await postForm(queryUrl(), { ...form, v_mac: sign(key, form, SIGNED_FIELDS.query) });
    const status = tag(xml, 'status');
    if (status !== '0')
      throw new ProviderError('refused', `PayEase query: ${status ?? 'no status'} ${tag(xml, 'statusdesc') ?? ''}`.trim());
    const order = /<order>([\s\S]*?)<\/order>/.exec(xml)?.[1];
    if (!order) return null;
    const [pstatus, amount, moneyType] = ['pstatus', 'amount', 'moneytype'].map((name) => tag(order, name) ?? '');
    // Query status codes: 1 paid, 3 refused, 2 not paid yet (0 pending).
    const event = resultEvent(mid, { oid: bill.providerRef, status: pstatus, amount, moneyType }, '1', '3');
    if (event && event.billNo !== bill.billNo)
      throw new ProviderError('refused', `PayEase order ${bill.providerRef} is not bill ${bill.billNo}`);
    return event;
  },

  async refund() {
    throw new ProviderError('refused', 'PayEase refunds are made in the merchant console');
  },
};
