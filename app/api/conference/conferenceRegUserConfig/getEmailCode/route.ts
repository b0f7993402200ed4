import { z } from 'zod';
import { checkEmailCode } from '@/lib/accounts/email-codes';
import { ZCheckCode } from '@/lib/accounts/schemas';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/**
 * Checks a code without using it up. The code itself never leaves the server: a wrong code answers
 * 'verify code wrong', an expired one 'verify code expired, resend'.
 */
export const POST = route({ body: z.object({ data: ZCheckCode }) }, async ({ db, body, ip }) => {
  await checkEmailCode(db, { email: body.data.email, purpose: body.data.type, code: body.data.code, ip });
  return { result: 'true' };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
