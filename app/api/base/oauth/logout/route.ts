import { serverTranslator } from '@/lib/i18n/server-messages';
import { signOut } from '@/lib/accounts/sign-in';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Ends the session (cookie or bearer token). */
export const DELETE = route({ auth: 'user' }, async ({ req, locale, responseHeaders }) => {
  for (const cookie of await signOut(req.headers)) responseHeaders.append('set-cookie', cookie);
  const t = serverTranslator(locale, 'auth');
  return { flag: true, message: t('loggedOut') };
});

export const { GET, POST, PUT, PATCH } = otherMethods('DELETE');
