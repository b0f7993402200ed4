import type { Executor } from '@/db/client';
import { CHECKIN_AREA, REVIEWER_HOME } from '@/lib/auth/route-rules';
import { isRegistered, rolesFor, type Roles } from '@/lib/auth/roles';
import { safeReturnPath } from '@/lib/http/return-path';
import { localePath } from '@/lib/i18n/locale-path';
import type { Locale } from '@/lib/i18n/localized';

export type LandingContext = {
  /** The account's roles on the conference whose site it signed in on. */
  roles: Roles;
  /** Whether the account is registered for that conference. */
  registered: boolean;
  /** The locale-free address the visitor asked to come back to (?redirect=, the login state's path). */
  redirect?: string | null;
};

/** Pages that are no destination after signing in: the sign-in pages themselves, and the home page a sign-in began on. */
const NO_DESTINATION = /^\/(?:conferencelogin|userRegister|resetPassword|login|oidcLogin)?(?:[?#]|$)/;

/**
 * Where an account goes after signing in, by every way in (password, emailed code, organisation or
 * central login, reviewer activation, sign-up): the address it asked for when that is a page of this
 * site; else an organiser of this conference to /platform, a platform administrator to /console, a
 * reviewer to the review list, a registered participant to /profile/userInfo and anyone else to
 * /conferenceRegister (spec §4). Locale-free.
 */
export function landingPathFor(ctx: LandingContext): string {
  const back = safeReturnPath(ctx.redirect);
  if (back && !NO_DESTINATION.test(back)) return back;
  if (ctx.roles.manager) return '/platform';
  if (ctx.roles.platformAdmin) return '/console';
  if (ctx.roles.reviewer) return REVIEWER_HOME;
  if (ctx.roles.checkin) return CHECKIN_AREA;
  return ctx.registered ? '/profile/userInfo' : '/conferenceRegister';
}

/** landingPathFor for an account that just signed in on a conference's site, in the page's language; with whether it is registered. */
export async function landingFor(
  db: Executor,
  input: { conferenceId: number; userId: string; locale: Locale; redirect?: string | null },
): Promise<{ next: string; registered: boolean }> {
  const [roles, registered] = await Promise.all([
    rolesFor(db, input.userId, input.conferenceId),
    isRegistered(db, input.conferenceId, input.userId),
  ]);
  return { next: localePath(input.locale, landingPathFor({ roles, registered, redirect: input.redirect })), registered };
}
