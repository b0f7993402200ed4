import { alipayProvider } from './alipay';
import { payeaseProvider } from './payease';
import { paypalProvider } from './paypal';
import { stripeProvider } from './stripe';
import type { OnlineKind, PaymentProvider } from './types';
import { wechatProvider } from './wechat';

/** The provider of each online kind. */
const PROVIDERS: Record<OnlineKind, PaymentProvider> = {
  stripe: stripeProvider,
  weChat: wechatProvider,
  aliPay: alipayProvider,
  payPal: paypalProvider,
  payEase: payeaseProvider,
};

export function providerFor(kind: OnlineKind): PaymentProvider {
  return PROVIDERS[kind];
}
