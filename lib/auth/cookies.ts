/** Better Auth's session cookie, with our prefix; `__Secure-` is added on https. */
export const COOKIE_PREFIX = 'confhub';
export const SESSION_COOKIE = `${COOKIE_PREFIX}.session_token`;
export const SESSION_COOKIE_NAMES = [SESSION_COOKIE, `__Secure-${SESSION_COOKIE}`];
export const LOCALE_COOKIE = 'NEXT_LOCALE';
