import { originOf } from '@/lib/conferences/seo';
import { route } from '@/lib/http/route';
import { createBill } from '@/lib/payments/create-bill';
import { ZCreateBill } from '@/lib/payments/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Starts paying my orders by one method: answers where to go next (provider page, QR code, or transfer details). */
export const POST = route({ auth: 'user', published: true, body: ZCreateBill }, async ({ req, db, conference, user, body, locale, ip }) =>
  createBill(db, {
    conferenceId: conference.id,
    user,
    orderIds: body.orderIds,
    kind: body.kind,
    locale,
    origin: originOf(req.headers),
    ip,
  }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
