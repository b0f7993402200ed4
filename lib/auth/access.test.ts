import { describe, expect, it } from 'vitest';
import { decideAccess, type AccessContext } from './access';
import { matchRoute, ROUTE_RULES, ruleFor } from './route-rules';

const base: AccessContext = { signedIn: false, platformAdmin: false, manager: false, reviewer: false, checkin: false, published: true };
const roles: Record<string, AccessContext> = {
  anonymous: base,
  participant: { ...base, signedIn: true },
  reviewer: { ...base, signedIn: true, reviewer: true },
  checkin: { ...base, signedIn: true, checkin: true },
  manager: { ...base, signedIn: true, manager: true },
  platformAdmin: { ...base, signedIn: true, platformAdmin: true },
};

function expected(role: string, access: string, pattern: string): string | null {
  if (access === 'prompt') return null;
  if (role === 'anonymous') return access === 'anonymous' ? null : `/conferencelogin?redirect=${encodeURIComponent(pattern)}`;
  if (access === 'admin') return role === 'platformAdmin' ? null : '/403';
  if (access !== 'platform') return null;
  if (role === 'participant') return '/403';
  if (role === 'reviewer') return pattern.startsWith('/platform/submissionManage') ? null : '/platform/submissionManage/user';
  if (role === 'checkin') return pattern === '/platform/checkin' ? null : '/platform/checkin';
  return null;
}

describe('decideAccess walks the whole rule table for every role (published conference)', () => {
  for (const rule of ROUTE_RULES) {
    for (const [role, ctx] of Object.entries(roles)) {
      it(`${role} → ${rule.pattern}`, () => {
        const decision = decideAccess(rule, rule.pattern, ctx, rule.pattern);
        const want = expected(role, rule.access, rule.pattern);
        expect(decision.allow ? null : decision.redirect).toBe(want);
      });
    }
  }
});

describe('unpublished conference', () => {
  const unpublished = (ctx: AccessContext) => ({ ...ctx, published: false });
  it('sends visitors and participants to /unpublished, except on prompt and sign-in pages', () => {
    expect(decideAccess(ruleFor('/'), '/', unpublished(roles.anonymous), '/')).toEqual({ allow: false, redirect: '/unpublished' });
    expect(decideAccess(ruleFor('/profile/userInfo'), '/profile/userInfo', unpublished(roles.participant), '/profile/userInfo')).toEqual({
      allow: false,
      redirect: '/unpublished',
    });
    expect(decideAccess(ruleFor('/unpublished'), '/unpublished', unpublished(roles.anonymous), '/unpublished').allow).toBe(true);
    expect(decideAccess(ruleFor('/conferencelogin'), '/conferencelogin', unpublished(roles.anonymous), '/conferencelogin').allow).toBe(
      true,
    );
  });
  it('lets managers and platform administrators in', () => {
    expect(decideAccess(ruleFor('/'), '/', unpublished(roles.manager), '/').allow).toBe(true);
    expect(decideAccess(ruleFor('/platform'), '/platform', unpublished(roles.platformAdmin), '/platform').allow).toBe(true);
  });
  it('asks an anonymous visitor to log in before it tells a protected page is unpublished', () => {
    const decision = decideAccess(ruleFor('/profile/userInfo'), '/profile/userInfo', unpublished(roles.anonymous), '/profile/userInfo');
    expect(decision).toEqual({ allow: false, redirect: '/conferencelogin?redirect=%2Fprofile%2FuserInfo' });
  });
});

describe('expired session', () => {
  it('sends pages that need a session to the login notice; public pages render as anonymous', () => {
    const expired = { ...base, sessionExpired: true };
    expect(decideAccess(ruleFor('/'), '/', expired, '/')).toEqual({ allow: true });
    expect(decideAccess(ruleFor('/page/:pageId'), '/page/3', expired, '/page/3')).toEqual({ allow: true });
    expect(decideAccess(ruleFor('/console'), '/console', expired, '/console')).toEqual({
      allow: false,
      redirect: '/conferencelogin?redirect=%2Fconsole&expired=1',
    });
    expect(decideAccess(ruleFor('/404'), '/404', expired, '/404').allow).toBe(true);
    expect(decideAccess(ruleFor('/conferencelogin'), '/conferencelogin', expired, '/conferencelogin').allow).toBe(true);
  });
  it('adds expired=1 to the login redirect so the notice shows once', () => {
    const decision = decideAccess(
      ruleFor('/profile/userInfo'),
      '/profile/userInfo',
      { ...base, sessionExpired: true },
      '/profile/userInfo?tab=1',
    );
    expect(decision).toEqual({ allow: false, redirect: '/conferencelogin?redirect=%2Fprofile%2FuserInfo%3Ftab%3D1&expired=1' });
  });
});

describe('matchRoute', () => {
  it('matches known paths and nothing else', () => {
    expect(matchRoute('/profile/userInfo/Edit')?.rule.pattern).toBe('/profile/userInfo/Edit');
    expect(matchRoute('/')?.rule.pattern).toBe('/');
    expect(matchRoute('/profile/userinfo')).toBeNull();
    expect(matchRoute('/does/not/exist')).toBeNull();
  });
});
