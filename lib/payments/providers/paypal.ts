import { CheckoutPaymentIntent, PaypalExperienceUserAction, PaypalWalletContextShippingPreference } from '@paypal/paypal-server-sdk';
import { ACK, controllers, DESCRIPTION_MAX, paypalValue, settle, translate } from './paypal-client';
import { eventOf, readEvent, transmission, verifySignature } from './paypal-webhook';
import { ProviderError, type PaymentProvider } from './types';

export { paypalValue } from './paypal-client';

/**
 * PayPal Checkout through the Orders v2 API with the official @paypal/paypal-server-sdk: we create an
 * order (intent CAPTURE), the payer approves it on PayPal's page and comes back to our result page,
 * and then someone must CAPTURE it — PayPal takes no money before that. Whoever sees the approval
 * first captures: `query` (the result page asks about the bill) or the CHECKOUT.ORDER.APPROVED webhook.
 * Both send PayPal-Request-Id = billNo, so PayPal runs the capture once and replays its answer.
 *
 * PAYPAL_API_BASE chooses the server: unset means live PayPal (never the sandbox by accident); the
 * sandbox URL selects the SDK's Sandbox environment; any other URL (the tests' stand-in on loopback)
 * is reached by rewriting each request the SDK builds, because the SDK itself only knows its two
 * environments. Webhook signatures are checked by PayPal's verify-webhook-signature API, which the
 * SDK does not cover, with fetch and the SDK's OAuth token.
 */

export const paypalProvider: PaymentProvider = {
  kind: 'payPal',

  async start(config, input) {
    const paypal = controllers(config);
    const value = paypalValue(input.amountMinor, input.currency);
    try {
      const { result: order } = await paypal.orders.createOrder({
        // A second start of the same bill within PayPal's 6 hours gets the same order, not a second one.
        paypalRequestId: `order-${input.billNo}`,
        prefer: 'return=minimal',
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: input.billNo,
              invoiceId: input.billNo,
              customId: input.billNo,
              description: input.description.slice(0, DESCRIPTION_MAX),
              amount: { currencyCode: input.currency, value },
            },
          ],
          paymentSource: {
            paypal: {
              emailAddress: input.payerEmail || undefined,
              experienceContext: {
                returnUrl: input.returnUrl,
                cancelUrl: input.cancelUrl,
                locale: input.locale === 'zh' ? 'zh-CN' : 'en-US',
                userAction: PaypalExperienceUserAction.PayNow,
                shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
              },
            },
          },
        },
      });
      // With payment_source.paypal PayPal answers PAYER_ACTION_REQUIRED and a 'payer-action' link; older flows say 'approve'.
      const link = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
      if (!order.id || !link) throw new ProviderError('refused', 'PayPal gave no approval address');
      return { providerRef: order.id, next: { type: 'redirect', url: link.href } };
    } catch (error) {
      throw translate(error, paypal.key);
    }
  },

  async verifyNotification(config, input) {
    const sent = transmission(input.headers);
    const { raw, event } = readEvent(input.body);
    const webhookId = config.settings.webhookId;
    if (!webhookId) throw new ProviderError('signature', 'PayPal webhook id is not set');
    const paypal = controllers(config);
    await verifySignature(paypal, sent, webhookId, raw);
    return { event: await eventOf(paypal, event), ack: ACK };
  },

  async query(config, bill) {
    if (!bill.providerRef) return null;
    const paypal = controllers(config);
    try {
      const { result: order } = await paypal.orders.getOrder({ id: bill.providerRef });
      return await settle(paypal, order, bill.billNo);
    } catch (error) {
      throw translate(error, paypal.key);
    }
  },

  async refund(config, bill, amountMinor, refundNo) {
    if (!bill.providerTxnId) throw new ProviderError('refused', 'the bill has no PayPal capture');
    const paypal = controllers(config);
    const value = paypalValue(amountMinor, bill.currency);
    try {
      const { result } = await paypal.payments.refundCapturedPayment({
        captureId: bill.providerTxnId,
        paypalRequestId: refundNo,
        prefer: 'return=minimal',
        body: { amount: { currencyCode: bill.currency, value } },
      });
      if (!result.id) throw new ProviderError('refused', 'PayPal gave no refund id');
      return { refundId: result.id };
    } catch (error) {
      throw translate(error, paypal.key);
    }
  },
};
