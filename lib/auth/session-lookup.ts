import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { session, user } from '@/db/schema';
import { SESSION_COOKIE_NAMES } from './cookies';
import type { Roles } from './roles';
import { hashSessionToken } from './session-token-hash';

/**
 * Reads the session token a request carries: the signed session cookie Better Auth sets
 * (`token.base64(HMAC-SHA256(secret, token))`, URL-encoded), or `Authorization: Bearer` with the
 * signed value or the raw token (as Better Auth's bearer plugin accepts). A cookie whose
 * signature does not verify counts as no token.
 */
export function sessionTokenFrom(headers: Headers, secret: string): string | null {
  const bearer = /^bearer\s+(\S+)/i.exec(headers.get('authorization') ?? '')?.[1];
  if (bearer) return bearer.includes('.') || bearer.includes('%') ? verifySigned(safeDecode(bearer), secret) : bearer;
  const cookieHeader = headers.get('cookie');
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eqAt = part.indexOf('=');
    if (eqAt < 0) continue;
    const name = part.slice(0, eqAt).trim();
    if (SESSION_COOKIE_NAMES.includes(name)) return verifySigned(safeDecode(part.slice(eqAt + 1).trim()), secret);
  }
  return null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function verifySigned(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const token = value.slice(0, dot);
  // Compared as the canonical base64 text, so no other spelling of the same bytes is accepted.
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

export type ResolvedSession = { user: { id: string; email: string; name: string }; roles: Roles };

function sessionQuery(db: Executor) {
  return db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      platformAdmin: sql<boolean>`exists (select 1 from platform_admin pa where pa.user_id = ${user.id})`,
      roles: sql<
        string[] | null
      >`(select array_agg(cm.role) from conference_member cm where cm.user_id = ${user.id} and cm.conference_id = ${sql.placeholder('conferenceId')})`,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.token, sql.placeholder('token')), gt(session.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('confhub_session_lookup');
}

/** Built once per database (a named statement: PostgreSQL parses and plans it once per connection). */
const prepared = new WeakMap<Executor, ReturnType<typeof sessionQuery>>();

/**
 * The session's account and its roles in one conference, in one query (this runs on every
 * request). The row is found by the token's hash (the table never holds tokens). Expired or
 * unknown tokens give null.
 */
export async function resolveSession(
  db: Executor,
  token: string,
  conferenceId: number | null,
  now = new Date(),
): Promise<ResolvedSession | null> {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = sessionQuery(db)));
  const [row] = await query.execute({ token: hashSessionToken(token), now, conferenceId: conferenceId ?? -1 });
  if (!row) return null;
  const roles = new Set(row.roles ?? []);
  return {
    user: { id: row.id, email: row.email, name: row.name },
    roles: {
      platformAdmin: Boolean(row.platformAdmin),
      manager: roles.has('manager'),
      reviewer: roles.has('reviewer'),
      checkin: roles.has('checkin'),
    },
  };
}
