/**
 * Planting a conference that takes payments, for the payment integration tests: a published
 * conference on its own host, a capped fee, accounts with sessions, and unpaid orders holding
 * places of the fee (as registration would leave them).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { conference, conferenceOrder, registrationFee } from '@/db/schema';
import { apiRequest, plantSession, sessionUserId } from '@/lib/http/testing';
import type { RouteHandler } from '@/lib/http/route';

/** Payee details of a bank transfer (every field the method requires), for tests that enable it. */
export const TEST_BANK = {
  accountName: { zh: '中国会议有限公司', en: 'China Conference Ltd.' },
  account: '6222 0210 0112 3456 789',
  bankName: { zh: '中国工商银行北京分行', en: 'ICBC Beijing Branch' },
};

export type PayFixture = { conferenceId: number; host: string; feeId: number };

export async function plantPayingConference(database: Database, slug: string, cap = 1000): Promise<PayFixture> {
  const [conf] = await database.db
    .insert(conference)
    .values({ slug, title: { zh: `${slug} 会议`, en: `${slug} Conference` }, shortTitle: { zh: slug, en: slug }, status: '4' })
    .returning({ id: conference.id });
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

/** A participant with a session: their bearer token and account id. */
export async function plantPayer(database: Database, conferenceId: number, role: 'user' | 'manager' = 'user') {
  const token = await plantSession(database, conferenceId, role);
  return { token, userId: await sessionUserId(database.db, token) };
}

/**
 * An unpaid available order of `userId`; `holdsPlace` makes it hold one place of the capped fee
 * (one such order per account, as the unique index of orders wants).
 */
export async function plantOrder(
  database: Database,
  fx: PayFixture,
  userId: string,
  opts: { totalMinor?: number; currency?: string; createdAt?: Date; holdsPlace?: boolean } = {},
) {
  const total = opts.totalMinor ?? 120000;
  if (opts.holdsPlace) {
    await database.db
      .update(registrationFee)
      .set({ used: sql`${registrationFee.used} + 1` })
      .where(and(eq(registrationFee.id, fx.feeId), eq(registrationFee.conferenceId, fx.conferenceId)));
  }
  const [order] = await database.db
    .insert(conferenceOrder)
    .values({
      conferenceId: fx.conferenceId,
      orderNo: sql`'T' || nextval('order_number_seq')::text`,
      userId,
      type: 'optional',
      itemName: { zh: '注册费', en: 'Registration fee' },
      unitPriceMinor: total,
      totalMinor: total,
      currency: opts.currency ?? 'CNY',
      displayCurrency: opts.currency ?? 'CNY',
      displayTotalMinor: total,
      feeId: opts.holdsPlace ? fx.feeId : null,
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
    })
    .returning();
  return order;
}

/** Calls a handler as the server would, on the fixture's host, and reads the envelope (or the raw text). */
export async function callHandler(
  handler: RouteHandler,
  fx: PayFixture,
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
