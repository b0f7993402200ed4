/**
 * The general harness of the integration tests that call handlers: a published conference on its own
 * host (with a capped registration fee), accounts with sessions on it, and a handler called as the
 * server would call it. Domain fixtures (testing/fixtures/<domain>.ts) build on these.
 */
import { PUBLISHED } from '@/lib/conferences/status';
import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { conference, registrationFee, user } from '@/db/schema';
import type { RouteHandler } from '@/lib/http/route';
import { apiRequest, plantSession, sessionUserId } from './handlers';

/** A planted conference: its id, the host it answers on, and its one capped registration fee. */
export type ConferenceFixture = { conferenceId: number; host: string; feeId: number };

/**
 * A published conference row (answering on `<slug>.localhost`), titled from its slug in both
 * languages; `values` adds or overrides columns. Every fixture's conference is planted here.
 */
export async function plantPublishedConference(
  db: Database['db'],
  slug: string,
  values: Partial<typeof conference.$inferInsert> = {},
): Promise<{ id: number }> {
  const [row] = await db
    .insert(conference)
    .values({
      slug,
      title: { zh: `${slug} 会议`, en: `${slug} Conference` },
      shortTitle: { zh: slug, en: slug },
      status: PUBLISHED,
      ...values,
    })
    .returning({ id: conference.id });
  return row;
}

export async function plantConference(database: Database, slug: string, cap = 1000): Promise<ConferenceFixture> {
  const conf = await plantPublishedConference(database.db, slug);
  const [fee] = await database.db
    .insert(registrationFee)
    .values({
      conferenceId: conf.id,
      kind: 'register',
      title: { zh: '注册费', en: 'Registration fee' },
      priceMinor: 120000,
      displayPriceMinor: 120000,
      cap,
    })
    .returning({ id: registrationFee.id });
  return { conferenceId: conf.id, host: `${slug}.localhost`, feeId: fee.id };
}

export type Account = { token: string; userId: string; email: string };

/** An account with a live session (a manager of the conference when asked): its bearer token, id and email. */
export async function plantAccount(
  database: Database,
  conferenceId: number,
  role: 'user' | 'checkin' | 'manager' = 'user',
): Promise<Account> {
  const token = await plantSession(database, conferenceId, role);
  const userId = await sessionUserId(database.db, token);
  const [row] = await database.db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return { token, userId, email: row.email };
}

/** Calls a handler as the server would, on the fixture's host, and reads the envelope (or the raw text). */
export async function callHandler(
  handler: RouteHandler,
  fx: { host: string },
  opts: {
    path?: string;
    method?: string;
    token?: string;
    body?: string | Uint8Array;
    headers?: Record<string, string>;
    params?: Record<string, string>;
  },
) {
  const res = await handler(
    apiRequest(opts.path ?? '/api/x', {
      method: opts.method ?? 'POST',
      host: fx.host,
      token: opts.token,
      headers: opts.headers,
      body: opts.body === undefined ? undefined : (opts.body as BodyInit),
    }),
    { params: Promise.resolve(opts.params ?? {}) },
  );
  const text = await res.text();
  let json: { code?: number; error?: string; message?: string; data?: unknown } | null = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, text, json };
}
