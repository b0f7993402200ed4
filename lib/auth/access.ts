import { CHECKIN_AREA, LOGIN_PATH, REVIEWER_AREA, REVIEWER_HOME, type RouteRule } from './route-rules';

const within = (pathname: string, area: string) => pathname === area || pathname.startsWith(`${area}/`);

export type AccessContext = {
  signedIn: boolean;
  /** The visitor sent a session cookie that is no longer valid. */
  sessionExpired?: boolean;
  platformAdmin: boolean;
  manager: boolean;
  reviewer: boolean;
  /** Check-in staff of this conference (confined to the check-in area). */
  checkin?: boolean;
  published: boolean;
};

export type Decision = { allow: true } | { allow: false; redirect: string };

export function loginRedirect(returnTo: string, expired = false): string {
  const query = new URLSearchParams({ redirect: returnTo });
  if (expired) query.set('expired', '1');
  return `${LOGIN_PATH}?${query.toString()}`;
}

/**
 * The route guard of spec §2 and §6, as one pure function: the same answer for the proxy's first
 * gate, every page, and the authorisation test that walks the table.
 * `returnTo` is the locale-free path plus query to come back to after signing in.
 */
export function decideAccess(rule: RouteRule, pathname: string, ctx: AccessContext, returnTo: string): Decision {
  if (rule.access === 'prompt') return { allow: true };
  // A dead session on a page that needs one: one notice on the login page, with the way back.
  // Public pages simply render for an anonymous visitor.
  const admin = ctx.platformAdmin || ctx.manager;
  if (!ctx.signedIn && rule.access !== 'anonymous') {
    return { allow: false, redirect: loginRedirect(returnTo, ctx.sessionExpired) };
  }
  if (!ctx.published && !admin && !rule.account) return { allow: false, redirect: '/unpublished' };
  if (rule.access === 'admin' && !ctx.platformAdmin) return { allow: false, redirect: '/403' };
  if (rule.access === 'platform' && !admin) {
    // Reviewers and check-in staff are confined to their own area; each is sent to its home from anywhere else.
    if (ctx.reviewer && within(pathname, REVIEWER_AREA)) return { allow: true };
    if (ctx.checkin && within(pathname, CHECKIN_AREA)) return { allow: true };
    if (ctx.reviewer) return { allow: false, redirect: REVIEWER_HOME };
    if (ctx.checkin) return { allow: false, redirect: CHECKIN_AREA };
    return { allow: false, redirect: '/403' };
  }
  return { allow: true };
}
