/**
 * One small adapter per online provider stand-in (WeChat Pay, Alipay, PayPal, PayEase), so the
 * integration tests can run the same story for each: start the stand-in and point the SDK at it,
 * give the method configuration a manager saves, read back what the provider recorded for a bill,
 * and play the payer paying — with the provider's signed notification, a forged one, a tampered
 * one, or none at all. Test-only; no test framework imports.
 */
import { AlipayStandin } from './alipay';
import { startPayEaseStandin } from './payease';
import { startPayPalStandin } from './paypal';
import { rsaPair, WechatStandin } from './wechat';

export type AdapterKind = 'weChat' | 'aliPay' | 'payPal' | 'payEase';
export const ADAPTER_KINDS: AdapterKind[] = ['weChat', 'aliPay', 'payPal', 'payEase'];

/** A bill as the create handler answered it, with the provider reference its row keeps. */
export type StartedBill = {
  billId: number;
  billNo: string;
  providerRef: string | null;
  next: { type: 'qr'; content: string } | { type: 'redirect'; url: string } | { type: 'offline' };
};
/** A notification as the provider would POST it to the notify handler. */
export type Delivery = { headers: Record<string, string>; body: string };
/** What the provider recorded for a bill. */
export type Seen = { amountMinor: number; currency: string; reference: string };
export type MethodBody = { kind: AdapterKind; enabled: true; settings: Record<string, string>; secrets: Record<string, string> };

export interface ProviderAdapter {
  readonly kind: AdapterKind;
  /** What the payer is sent to: a QR code to scan, or the provider's page. */
  readonly nextType: 'qr' | 'redirect';
  /** Whether refunds go through the provider's API (PayEase: only in its merchant console). */
  readonly refunds: boolean;
  /** Where the payer's page or QR code comes from (the stand-in's address, or WeChat's scheme). */
  readonly nextPrefix: string;
  /** The body the manager posts to the method configuration handler. */
  methodBody(): MethodBody;
  /** What the stand-in recorded for the bill (opening the payer's page first where the provider makes the trade then). */
  seen(bill: StartedBill): Promise<Seen>;
  /** The payer pays at the provider; returns the provider's signed notification, not delivered. */
  pay(bill: StartedBill): Promise<Delivery>;
  /** The payer pays and no notification arrives (PayPal: the payer approved; capturing is up to us). */
  payWithoutNotice(bill: StartedBill): Promise<void>;
  /** The notification, signed with a key that is not the merchant's (after `pay`). */
  forged(bill: StartedBill): Delivery;
  /** The genuine notification with its amount changed after signing (after `pay`). */
  tampered(bill: StartedBill): Delivery;
  /** An authentically signed notification naming 0.01 instead of the bill's amount (after `pay`). */
  cheap(bill: StartedBill): Delivery;
  /** The provider's transaction id of the bill's payment, and how many times it took the money. */
  settledAt(bill: StartedBill): { txnId: string | null; payments: number };
  /** Minor units the provider refunded of the bill's payment. */
  refundedAt(bill: StartedBill, providerTxnId: string | null): number;
  close(): Promise<void>;
}

/** Decimal text with at most two decimals as minor units, by integer arithmetic. */
export function minorOf(value: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) throw new Error(`not an amount: ${value}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const pageUrl = (bill: StartedBill) => {
  if (bill.next.type !== 'redirect') throw new Error(`bill ${bill.billNo} has no page to open`);
  return bill.next.url;
};

async function startWechat(): Promise<ProviderAdapter> {
  const standin = await WechatStandin.start();
  const stranger = rsaPair().privateKeyPem;
  process.env.WECHATPAY_API_BASE = standin.url;
  const order = (bill: StartedBill) => {
    const found = standin.orders.get(bill.billNo);
    if (!found) throw new Error(`WeChat Pay has no order ${bill.billNo}`);
    return found;
  };
  return {
    kind: 'weChat',
    nextType: 'qr',
    refunds: true,
    nextPrefix: 'weixin://wxpay/bizpayurl?pr=',
    methodBody: () => ({ kind: 'weChat', enabled: true, ...standin.providerConfig() }),
    seen: async (bill) => {
      const request = standin.requests.findLast((r) => (r.json as { out_trade_no?: string } | undefined)?.out_trade_no === bill.billNo);
      const sent = request?.json as { amount: { total: number; currency?: string } } | undefined;
      if (!request?.signatureValid || !sent) throw new Error(`WeChat Pay got no signed order ${bill.billNo}`);
      // WeChat Pay's default currency is CNY when the merchant leaves it out.
      return { amountMinor: order(bill).total, currency: sent.amount.currency ?? 'CNY', reference: order(bill).out_trade_no };
    },
    pay: async (bill) => standin.pay(bill.billNo),
    payWithoutNotice: async (bill) => void standin.pay(bill.billNo),
    forged: (bill) => standin.notification(bill.billNo, { signingKey: stranger }),
    // The amount is inside the encrypted resource: a body encrypting another total, under the genuine signature.
    tampered: (bill) => ({
      headers: standin.notification(bill.billNo).headers,
      body: standin.notification(bill.billNo, { total: 1 }).body,
    }),
    cheap: (bill) => standin.notification(bill.billNo, { total: 1 }),
    settledAt: (bill) => ({ txnId: order(bill).transaction_id, payments: order(bill).transaction_id ? 1 : 0 }),
    refundedAt: (bill) => [...order(bill).refunds.values()].reduce((sum, r) => sum + r.amount.refund, 0),
    close: async () => {
      delete process.env.WECHATPAY_API_BASE;
      await standin.close();
    },
  };
}

async function startAlipay(): Promise<ProviderAdapter> {
  const standin = await AlipayStandin.start();
  const stranger = rsaPair().privateKeyPem;
  process.env.ALIPAY_GATEWAY = standin.gateway;
  /** Alipay makes the trade when the payer's browser opens the page-pay URL. */
  const opened = async (bill: StartedBill) => {
    if (!standin.trades.has(bill.billNo)) {
      const page = await fetch(pageUrl(bill));
      if (page.status !== 200) throw new Error(`Alipay refused the page-pay URL: ${page.status}`);
    }
    return standin.trades.get(bill.billNo)!;
  };
  const trade = (bill: StartedBill) => standin.trades.get(bill.billNo)!;
  const delivery = (n: { headers: Record<string, string>; body: string }): Delivery => ({ headers: n.headers, body: n.body });
  return {
    kind: 'aliPay',
    nextType: 'redirect',
    refunds: true,
    nextPrefix: `${standin.gateway}?`,
    methodBody: () => ({ kind: 'aliPay', enabled: true, ...standin.providerConfig() }),
    seen: async (bill) => {
      const t = await opened(bill);
      const request = standin.requests.findLast(
        (r) => r.method === 'alipay.trade.page.pay' && (r.bizContent as Record<string, string>).out_trade_no === bill.billNo,
      );
      if (!request?.signatureValid) throw new Error(`Alipay got no signed page-pay request for ${bill.billNo}`);
      const biz = request.bizContent as Record<string, string>;
      // Page pay is in yuan unless the order names a foreign settlement currency.
      return { amountMinor: minorOf(t.total_amount), currency: biz.trans_currency ?? 'CNY', reference: t.out_trade_no };
    },
    pay: async (bill) => {
      await opened(bill);
      return delivery(standin.pay(bill.billNo));
    },
    payWithoutNotice: async (bill) => {
      await opened(bill);
      standin.pay(bill.billNo);
    },
    forged: (bill) => delivery(standin.notification(bill.billNo, { signingKey: stranger })),
    tampered: (bill) => {
      const genuine = standin.notification(bill.billNo);
      const form = new URLSearchParams(genuine.body);
      form.set('total_amount', '0.01');
      return { headers: genuine.headers, body: form.toString() };
    },
    cheap: (bill) => delivery(standin.notification(bill.billNo, { fields: { total_amount: '0.01' } })),
    settledAt: (bill) => ({ txnId: trade(bill).trade_no, payments: trade(bill).trade_no ? 1 : 0 }),
    refundedAt: (bill) => [...trade(bill).refunds.values()].reduce((sum, minor) => sum + minor, 0),
    close: async () => {
      delete process.env.ALIPAY_GATEWAY;
      await standin.close();
    },
  };
}

async function startPaypal(): Promise<ProviderAdapter> {
  const credentials = { clientId: 'client-integration', clientSecret: 'paypal-client-secret-integration', webhookId: 'WH-INTEGRATION' };
  const standin = await startPayPalStandin(credentials);
  process.env.PAYPAL_API_BASE = standin.apiBase;
  const orderId = (bill: StartedBill) => {
    if (!bill.providerRef || !standin.orders.has(bill.providerRef)) throw new Error(`PayPal has no order for ${bill.billNo}`);
    return bill.providerRef;
  };
  const delivery = (w: { headers: Record<string, string>; body: string }): Delivery => ({
    headers: { 'content-type': 'application/json', ...w.headers },
    body: w.body,
  });
  const completed = 'PAYMENT.CAPTURE.COMPLETED';
  return {
    kind: 'payPal',
    nextType: 'redirect',
    refunds: true,
    nextPrefix: `${standin.apiBase}/checkoutnow?token=`,
    methodBody: () => ({
      kind: 'payPal',
      enabled: true,
      settings: { clientId: credentials.clientId, webhookId: credentials.webhookId },
      secrets: { clientSecret: credentials.clientSecret },
    }),
    seen: async (bill) => {
      const { unit } = standin.orders.get(orderId(bill))!;
      return { amountMinor: minorOf(unit.amount.value), currency: unit.amount.currency_code, reference: unit.custom_id ?? '' };
    },
    pay: async (bill) => delivery(standin.webhook(orderId(bill), completed)),
    payWithoutNotice: async (bill) => void standin.approve(orderId(bill)),
    forged: (bill) => delivery(standin.webhook(orderId(bill), completed, { webhookId: 'WH-SOMEONE-ELSE' })),
    tampered: (bill) => {
      const genuine = standin.webhook(orderId(bill), completed);
      const body = genuine.body.replace(/"value":"[\d.]+"/g, '"value":"0.01"');
      if (body === genuine.body) throw new Error('nothing to tamper with');
      return delivery({ headers: genuine.headers, body });
    },
    cheap: (bill) => {
      const currency = standin.orders.get(orderId(bill))!.unit.amount.currency_code;
      return delivery(standin.webhook(orderId(bill), completed, { resource: { amount: { currency_code: currency, value: '0.01' } } }));
    },
    settledAt: (bill) => {
      const order = standin.orders.get(orderId(bill))!;
      return { txnId: order.capture?.id ?? null, payments: order.captures };
    },
    refundedAt: (_bill, captureId) =>
      standin.refunds.filter((r) => r.captureId === captureId).reduce((sum, r) => sum + minorOf(r.amount.value), 0),
    close: async () => {
      delete process.env.PAYPAL_API_BASE;
      await standin.close();
    },
  };
}

const PAYEASE_MONEY: Record<string, string> = { '0': 'CNY', '1': 'USD', '2': 'EUR', '3': 'GBP', '4': 'JPY' };

async function startPayease(): Promise<ProviderAdapter> {
  const merchant = { merchantId: '12345', key: 'payease-md5-key-integration' };
  // The console's notification address is a closed port: every notification the stand-in posts is lost.
  const standin = await startPayEaseStandin({ ...merchant, notifyUrl: 'http://127.0.0.1:1/dropped' });
  process.env.PAYEASE_GATEWAY = standin.gatewayUrl;
  delete process.env.PAYEASE_QUERY_URL;
  const oid = (bill: StartedBill) => {
    if (!bill.providerRef) throw new Error(`bill ${bill.billNo} has no PayEase order`);
    return bill.providerRef;
  };
  /** PayEase keeps the order once the payer's browser opened the payment page. */
  const opened = async (bill: StartedBill) => {
    if (!standin.orders.has(oid(bill))) {
      const page = await fetch(pageUrl(bill));
      if (page.status !== 200) throw new Error(`PayEase refused the order: ${await page.text()}`);
    }
    return standin.orders.get(oid(bill))!;
  };
  const form = (body: string): Delivery => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  return {
    kind: 'payEase',
    nextType: 'redirect',
    refunds: false,
    nextPrefix: `${standin.gatewayUrl}?`,
    methodBody: () => ({
      kind: 'payEase',
      enabled: true,
      settings: {
        merchantId: merchant.merchantId,
        terminalNo: 'T0001',
        payEaseCertificate: '-----BEGIN CERTIFICATE-----\nc3RhbmQtaW4=\n-----END CERTIFICATE-----',
      },
      secrets: { password: merchant.key, certificate: 'payease-client-certificate-integration', certificatePassword: 'payease-cert-pass' },
    }),
    seen: async (bill) => {
      const { fields } = await opened(bill);
      return { amountMinor: minorOf(fields.v_amount), currency: PAYEASE_MONEY[fields.v_moneytype] ?? '?', reference: fields.v_oid };
    },
    pay: async (bill) => {
      await opened(bill);
      await standin.pay(oid(bill));
      return form(standin.notification(oid(bill)));
    },
    payWithoutNotice: async (bill) => {
      await opened(bill);
      await standin.pay(oid(bill));
      const lost = standin.deliveries.at(-1);
      if (lost?.status !== 0) throw new Error('the PayEase notification was not lost');
    },
    forged: (bill) => form(standin.forged(oid(bill))),
    tampered: (bill) => form(standin.tampered(oid(bill))),
    cheap: (bill) => form(standin.notification(oid(bill), { amount: '0.01' })),
    // PayEase has no transaction number of its own here: the order id (which holds the bill number) is it.
    settledAt: (bill) => ({ txnId: oid(bill), payments: standin.orders.get(oid(bill))?.status === 'paid' ? 1 : 0 }),
    refundedAt: () => 0,
    close: async () => {
      delete process.env.PAYEASE_GATEWAY;
      await standin.close();
    },
  };
}

/** Starts the kind's stand-in and points the SDK at it (its environment variable) until `close`. */
export function startAdapter(kind: AdapterKind): Promise<ProviderAdapter> {
  return { weChat: startWechat, aliPay: startAlipay, payPal: startPaypal, payEase: startPayease }[kind]();
}

/** Probes for a secret in text: the value, its JSON-escaped form, and each long line of a PEM. */
export function secretProbes(value: string): string[] {
  const lines = value.split('\n').filter((line) => line.trim().length >= 24 && !line.startsWith('-----'));
  return [value, JSON.stringify(value).slice(1, -1), ...lines];
}
