import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { batches } from '@/db/batches';
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
      token: session.token,
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
    .where(and(sql`${session.token} = any(${sql.placeholder('tokens')})`, gt(session.expiresAt, sql.placeholder('now'))))
    .prepare('confhub_session_lookup');
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionQuery>['execute']>>[number];

/** Built once per database (a named statement: PostgreSQL parses and plans it once per connection). */
const prepared = new WeakMap<Executor, ReturnType<typeof sessionQuery>>();

type Lookup = { hash: string; resolve: (row: SessionRow | undefined) => void; reject: (error: unknown) => void };

/** The lookups asked for at once in this process, per database and conference: one query per batch. */
const lookups = batches<Executor, Lookup>(async (db, conferenceId, batch) => {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = sessionQuery(db)));
  const rows = await query.execute({ tokens: [...new Set(batch.map((l) => l.hash))], now: new Date(), conferenceId });
  const found = new Map(rows.map((row) => [row.token, row]));
  for (const lookup of batch) lookup.resolve(found.get(lookup.hash));
}, 100);

/**
 * The session's account and its roles in one conference, in one query (this runs on every request; the requests a
 * process serves at once share it, each row found by its own token's hash). The table never holds tokens. Expired or
 * unknown tokens give null.
 */
export async function resolveSession(db: Executor, token: string, conferenceId: number | null): Promise<ResolvedSession | null> {
  const hash = hashSessionToken(token);
  const row = await new Promise<SessionRow | undefined>((resolve, reject) => lookups(db, conferenceId ?? -1, { hash, resolve, reject }));
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
