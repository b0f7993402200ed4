import { cache } from 'react';
import { headers } from 'next/headers';
import { getDb, type DB } from '@/db/client';
import { authSecret } from '@/lib/auth/auth';
import { SESSION_COOKIE_NAMES } from '@/lib/auth/cookies';
import type { Roles } from '@/lib/auth/roles';
import { resolveSession, sessionTokenFrom } from '@/lib/auth/session-lookup';
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

const NO_ROLES: Roles = { platformAdmin: false, manager: false, reviewer: false, checkin: false };

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
  const token = credentials ? sessionTokenFrom(h, authSecret()) : null;
  const found = token ? await resolveSession(db, token, conference?.id ?? null) : null;
  return { db, conference, user: found?.user ?? null, sessionExpired: credentials && !found, roles: found?.roles ?? NO_ROLES };
}

/** The same for the page being rendered, once per request. */
export const getRequestContext = cache(async (): Promise<RequestContext> => contextFromHeaders(await headers()));
