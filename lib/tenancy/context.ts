import { cache } from 'react';
import { headers } from 'next/headers';
import { getDb, type DB } from '@/db/client';
import { getAuth } from '@/lib/auth/auth';
import { SESSION_COOKIE_NAMES } from '@/lib/auth/cookies';
import { rolesFor, type Roles } from '@/lib/auth/roles';
import { cachedConferenceByHost, type Conference } from './resolve-conference';

export type SessionUser = { id: string; email: string; name: string };

export type RequestContext = {
  db: DB;
  conference: Conference | null;
  user: SessionUser | null;
  /** A session cookie (or bearer token) came with the request but no valid session stands behind it. */
  sessionExpired: boolean;
  roles: Roles;
};

const NO_ROLES: Roles = { platformAdmin: false, manager: false, reviewer: false };

export function hostOf(h: Headers): string | null {
  if (process.env.TRUST_PROXY === '1') return h.get('x-forwarded-host') ?? h.get('host');
  return h.get('host');
}

function sentCredentials(h: Headers): boolean {
  if (/^bearer\s+\S/i.test(h.get('authorization') ?? '')) return true;
  const cookie = h.get('cookie') ?? '';
  return SESSION_COOKIE_NAMES.some((name) => cookie.includes(`${name}=`));
}

/** Resolves conference, session and roles for one request (headers of a page or a route handler). */
export async function contextFromHeaders(h: Headers): Promise<RequestContext> {
  const db = await getDb();
  const conference = await cachedConferenceByHost(db, hostOf(h));
  const credentials = sentCredentials(h);
  let user: SessionUser | null = null;
  if (credentials) {
    const auth = await getAuth();
    // Server components cannot write a refreshed cookie; the session's own expiry still applies.
    const found = await auth.api.getSession({ headers: h, query: { disableRefresh: true } });
    if (found) user = { id: found.user.id, email: found.user.email, name: found.user.name };
  }
  const roles = user && conference ? await rolesFor(db, user.id, conference.id) : NO_ROLES;
  return { db, conference, user, sessionExpired: credentials && !user, roles };
}

/** The same for the page being rendered, once per request. */
export const getRequestContext = cache(async (): Promise<RequestContext> => contextFromHeaders(await headers()));
