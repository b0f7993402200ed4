import { ZSsoAuthorize, ZSsoConsent } from '@/lib/auth/sso-schemas';
import { ssoRedirect } from '@/lib/auth/sso-redirect';
import { issueCode, otherSiteOrigin, requestSession } from '@/lib/auth/sso';
import { claimFlow, flowOpen, type FlowKey } from '@/lib/auth/sso-flow';
import { originOf } from '@/lib/conferences/seo';
import type { DB } from '@/db/client';
import { AppError } from '@/lib/http/app-error';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { localePath } from '@/lib/i18n/locale-path';

/** Codes go only to another site of this installation (never to a foreign host, never back to this one). */
async function clientSite(db: DB, client: string, headers: Headers) {
  const site = await otherSiteOrigin(db, client, originOf(headers));
  if (!site) throw new AppError('SSO_SITE_REFUSED');
  return site;
}

function callback(client: string, values: Record<string, string>): string {
  const url = new URL('/api/sso/callback', client);
  url.search = new URLSearchParams(values).toString();
  return url.toString();
}

/**
 * The authorizer's side of the sign-in across sites (lib/auth/sso.ts). Only for a sign-in that `client` itself began
 * towards this site (lib/auth/sso-flow.ts: its state, challenge and both origins recorded when it began), and once:
 * anything else goes back with `error=invalid_request`. Signed in here: a one-time code for `client` bound to
 * `challenge` and the state, sent back with `state`; not signed in: `error=login_required` (never a sign-in form: the
 * client site shows its own). A site on the platform's own hosts gets its code at once; a conference's own domain
 * (named in DNS its organiser controls) only after the visitor confirms on /ssoContinue.
 */
export const GET = route({ query: ZSsoAuthorize }, async ({ db, query, req, locale }) => {
  const site = await clientSite(db, query.client, req.headers);
  const key: FlowKey = { state: query.state, clientOrigin: site.origin, peerOrigin: originOf(req.headers), challenge: query.challenge };
  if (!(await flowOpen(db, key))) return ssoRedirect(callback(site.origin, { error: 'invalid_request', state: query.state }));
  const current = await requestSession(db, req.headers);
  if (!current) return ssoRedirect(callback(site.origin, { error: 'login_required', state: query.state }));
  if (!site.platformControlled) {
    const ask = new URLSearchParams({ client: site.origin, state: query.state, challenge: query.challenge });
    return ssoRedirect(localePath(query.locale ?? locale, `/ssoContinue?${ask}`));
  }
  if (!(await claimFlow(db, key))) return ssoRedirect(callback(site.origin, { error: 'invalid_request', state: query.state }));
  const code = await issueCode(db, { sessionId: current.id, clientOrigin: site.origin, challenge: query.challenge, state: query.state });
  return ssoRedirect(callback(site.origin, { code, state: query.state }));
});

/** The visitor's answer on /ssoContinue: `continue` gives the code, `cancel` sends them back without one. data.next is where to go. */
export const POST = route({ auth: 'user', body: ZSsoConsent }, async ({ db, body, req }) => {
  const site = await clientSite(db, body.client, req.headers);
  const current = await requestSession(db, req.headers);
  if (!current) throw new AppError('UNAUTHENTICATED');
  if (body.decision === 'cancel') return { next: callback(site.origin, { error: 'access_denied', state: body.state }) };
  const key: FlowKey = { state: body.state, clientOrigin: site.origin, peerOrigin: originOf(req.headers), challenge: body.challenge };
  if (!(await claimFlow(db, key))) throw new AppError('SSO_FLOW_REFUSED');
  const code = await issueCode(db, { sessionId: current.id, clientOrigin: site.origin, challenge: body.challenge, state: body.state });
  return { next: callback(site.origin, { code, state: body.state }) };
});

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
