import { z } from 'zod';
import { feeOffer } from '@/lib/fees/fee-offer';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The fees this visitor may choose, in their language; fees behind an invitation code appear once it is given (wrong codes are limited). */
export const GET = route(
  { published: true, query: z.object({ invitationCode: z.string().trim().max(40).default('') }) },
  async ({ db, conference, locale, query, ip, user }) =>
    feeOffer(db, conference, { locale, invitationCode: query.invitationCode, guesser: { ip, userId: user?.id } }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
