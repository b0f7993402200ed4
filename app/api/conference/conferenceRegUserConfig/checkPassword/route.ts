import { z } from 'zod';
import { serverTranslator } from '@/lib/i18n/server-messages';
import { passwordWeakness } from '@/lib/accounts/password-strength';
import { ZEmail } from '@/lib/accounts/schemas';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The server-side strength check of a new password: result 1 when strong enough, else 0 and the reason. */
export const POST = route(
  { body: z.object({ password: z.string().max(200), email: ZEmail.optional(), name: z.string().optional() }) },
  async ({ body, locale }) => {
    const weakness = passwordWeakness(body.password, { email: body.email, name: body.name });
    const t = serverTranslator(locale, 'validation');
    return { result: weakness ? 0 : 1, message: weakness ? t(weakness) : '' };
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
