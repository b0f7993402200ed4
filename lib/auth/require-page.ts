import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { PUBLISHED } from '@/lib/conferences/status';
import { redirect } from '@/lib/i18n/redirect';
import { isLocale, type Locale } from '@/lib/i18n/localized';
import { getRequestContext, type RequestContext, type SessionUser } from '@/lib/tenancy/context';
import type { Conference } from '@/lib/tenancy/resolve-conference';
import { decideAccess } from './access';
import { ruleFor, type RoutePattern, type SignedInPattern } from './route-rules';

export type PageContext = RequestContext & { conference: Conference; locale: Locale; pathname: string };
/** A page that needs a session has its user by type. */
export type PageContextFor<P extends RoutePattern> = P extends SignedInPattern ? PageContext & { user: SessionUser } : PageContext;

/** The conference's language type forces the locale: 1 → zh only, 2 → en only. */
export function forcedLocale(conference: Conference): Locale | null {
  if (conference.languageType === 1) return 'zh';
  if (conference.languageType === 2) return 'en';
  return null;
}

/**
 * The real gate of every page: resolves the conference, the session and the roles, applies the
 * route rule for `pattern`, and redirects (login with return address, /403, /unpublished, the
 * reviewer's landing page, or the forced language) when the visitor may not stay.
 */
export async function requirePage<P extends RoutePattern>(pattern: P): Promise<PageContextFor<P>> {
  const [ctx, h, rawLocale] = await Promise.all([getRequestContext(), headers(), getLocale()]);
  const locale: Locale = isLocale(rawLocale) ? rawLocale : 'zh';
  if (!ctx.conference) notFound();
  const pathname = h.get('x-pathname') ?? pattern;
  const returnTo = h.get('x-return-to') ?? pathname;

  const forced = forcedLocale(ctx.conference);
  if (forced && forced !== locale) {
    redirect({ href: `${returnTo}${returnTo.includes('?') ? '&' : '?'}locale=${forced}`, locale: forced });
  }

  const decision = decideAccess(
    ruleFor(pattern),
    pattern,
    {
      signedIn: ctx.user !== null,
      sessionExpired: ctx.sessionExpired,
      platformAdmin: ctx.roles.platformAdmin,
      manager: ctx.roles.manager,
      reviewer: ctx.roles.reviewer,
      checkin: ctx.roles.checkin,
      published: ctx.conference.status === PUBLISHED,
    },
    returnTo,
  );
  if (!decision.allow) redirect({ href: decision.redirect, locale });
  // decideAccess let through only a signed-in visitor on a SignedInPattern.
  return { ...ctx, conference: ctx.conference, locale, pathname } as PageContextFor<P>;
}
