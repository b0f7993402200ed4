import { serverTranslator } from '@/lib/i18n/server-messages';
import { signOut } from '@/lib/accounts/sign-in';
import { endFamily, requestSession } from '@/lib/auth/sso';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Ends the session (cookie or bearer token), and with it the sessions the same sign-in made on the platform's other sites. */
export const DELETE = route({ auth: 'user', changesSite: false }, async ({ db, req, locale, responseHeaders }) => {
  const current = await requestSession(db, req.headers);
  for (const cookie of await signOut(req.headers)) responseHeaders.append('set-cookie', cookie);
  if (current?.family) await endFamily(db, current.userId, current.family);
  const t = serverTranslator(locale, 'auth');
  return { flag: true, message: t('loggedOut') };
});

export const { GET, POST, PUT, PATCH } = otherMethods('DELETE');
