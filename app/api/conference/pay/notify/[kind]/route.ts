import { route } from '@/lib/http/route';
import { readLimited } from '@/lib/http/request-input';
import { receiveNotification } from '@/lib/payments/receive-notification';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Provider notifications are small; anything larger is not one. */
const NOTIFY_LIMIT = 64 * 1024;

/**
 * Where payment providers post their notifications (Stripe webhooks, WeChat Pay, Alipay, PayPal,
 * PayEase), on the conference's own host. The body is read raw: signatures are over its bytes.
 */
export const POST = route({ auth: 'none' }, async ({ req, db, conference, params }) => {
  const body = await readLimited(req, NOTIFY_LIMIT);
  const ack = await receiveNotification(db, {
    conferenceId: conference.id,
    kind: params.kind ?? '',
    notification: { headers: req.headers, body, url: req.nextUrl },
  });
  return new Response(ack.body || null, { status: ack.status, headers: { 'content-type': ack.contentType, 'cache-control': 'no-store' } });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
