import type { Database } from '@/db/client';
import { conference, conferenceRegistration } from '@/db/schema';
import { insertAccount } from '@/lib/accounts/create-account';
import type { Locale } from '@/lib/i18n/localized';
import type { RouteHandler } from '@/lib/http/route';
import { apiRequest, plantSession } from '@/lib/http/testing';

export type MailConference = { id: number; host: string; title: { zh: string; en: string } };
export type MailFixture = {
  a: MailConference;
  b: MailConference;
  managerA: string;
  managerB: string;
  participant: string;
  /** Calls a handler on a conference's host (A unless told), with address params when the route has them. */
  call: (
    handler: RouteHandler,
    path: string,
    options?: { token?: string; method?: string; body?: unknown; on?: MailConference; params?: Record<string, string> },
  ) => Promise<{ status: number; json: { code: number; message: string; data: unknown; error?: string; fields?: Record<string, string> } }>;
};

/** Conferences A and B (each with its manager) and a participant of A, on `<slug>.localhost`. */
export async function plantMailConferences(database: Database, tag: string): Promise<MailFixture> {
  const make = async (s: string): Promise<MailConference> => {
    const title = { zh: `${s} 会议`, en: `${s} Conference` };
    const [row] = await database.db
      .insert(conference)
      .values({ slug: s, title, shortTitle: { zh: s, en: s }, status: '4' })
      .returning({ id: conference.id });
    return { id: row.id, host: `${s}.localhost`, title };
  };
  const a = await make(`mail${tag}a`);
  const b = await make(`mail${tag}b`);
  const [managerA, managerB, participant] = await Promise.all([
    plantSession(database, a.id, 'manager'),
    plantSession(database, b.id, 'manager'),
    plantSession(database, a.id, 'user'),
  ]);
  return {
    a,
    b,
    managerA,
    managerB,
    participant,
    call: async (handler, path, options = {}) => {
      const res = await handler(
        apiRequest(path, {
          host: (options.on ?? a).host,
          token: options.token,
          method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
        }),
        { params: Promise.resolve(options.params ?? {}) },
      );
      return { status: res.status, json: (await res.json()) as never };
    },
  };
}

let counter = 0;

/** A registrant of `conferenceId` in `locale` (an account, and the registration with its number). */
export async function plantRegistrant(
  database: Database,
  conferenceId: number,
  person: { email: string; name: string; locale: Locale },
): Promise<{ id: number; code: string }> {
  const userId = await database.db.transaction((tx) => insertAccount(tx, { email: person.email, name: person.name, passwordHash: null }));
  const code = `M-${conferenceId}-${++counter}`;
  const [row] = await database.db
    .insert(conferenceRegistration)
    .values({ conferenceId, userId, code, locale: person.locale, answers: { name: person.name } })
    .returning({ id: conferenceRegistration.id });
  return { id: row.id, code };
}
