import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PUBLISHED } from '@/lib/conferences/status';
import type { Database } from '@/db/client';
import { conference } from '@/db/schema';
import { createTestDatabase, insertTestConference, testBackends } from '@/testing/harness/database';
import { forgetConferenceCache } from '@/lib/tenancy/resolve-conference';
import { apiRequest, plantSession, useAsProcessDatabase } from '@/testing/harness/handlers';
import { route, type RouteAuth } from './route';
import { JSON_BODY_LIMIT } from './request-input';

const echo = (auth: RouteAuth, extra: { published?: boolean } = {}) =>
  route({ auth, ...extra, body: z.object({ n: z.number().int().max(10, 'numberInvalid') }).optional() }, async ({ user, body }) => ({
    user: user?.email ?? null,
    n: body?.n ?? null,
  }));

async function answer(res: Response) {
  return { status: res.status, body: (await res.json()) as { code: number; error?: string; message: string; data: unknown } };
}

describe.each(testBackends())('route() on %s', (backend) => {
  let database: Database;
  let conferenceId: number;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    conferenceId = await insertTestConference(database.db, 'routed');
    await database.db.update(conference).set({ isDefault: true, status: PUBLISHED }).where(eq(conference.id, conferenceId));
    useAsProcessDatabase(database);
    for (const role of ['user', 'checkin', 'manager', 'platformAdmin'] as const)
      tokens[role] = await plantSession(database, conferenceId, role);
  });
  afterAll(() => database?.close());

  const call = (handler: ReturnType<typeof echo>, opts: Parameters<typeof apiRequest>[1] = {}) =>
    handler(apiRequest('/api/x', { method: 'POST', body: '{"n":1}', ...opts })).then(answer);

  it('lets each auth level through only the callers it names', async () => {
    const expected: Record<RouteAuth, Record<string, number>> = {
      none: { anonymous: 200, user: 200, checkin: 200, manager: 200, platformAdmin: 200 },
      user: { anonymous: 401, user: 200, checkin: 200, manager: 200, platformAdmin: 200 },
      checkin: { anonymous: 401, user: 403, checkin: 200, manager: 200, platformAdmin: 200 },
      manager: { anonymous: 401, user: 403, checkin: 403, manager: 200, platformAdmin: 200 },
      platformAdmin: { anonymous: 401, user: 403, checkin: 403, manager: 403, platformAdmin: 200 },
    };
    for (const [auth, byCaller] of Object.entries(expected) as [RouteAuth, Record<string, number>][]) {
      for (const [caller, status] of Object.entries(byCaller)) {
        const { status: got, body } = await call(echo(auth), { token: tokens[caller] });
        expect({ auth, caller, got }).toEqual({ auth, caller, got: status });
        if (status === 200) expect(body.data).toMatchObject({ user: caller === 'anonymous' ? null : expect.stringContaining('@') });
        if (status === 401) expect(body.error).toBe('UNAUTHENTICATED');
        if (status === 403) expect(body.error).toBe('FORBIDDEN');
      }
    }
  });

  it('answers an unknown session token as signed out', async () => {
    expect((await call(echo('user'), { token: 'not-a-session' })).status).toBe(401);
  });

  it('validates the body with the schema and answers in the caller’s language', async () => {
    const zh = await call(echo('none'), { body: JSON.stringify({ n: 11 }) });
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ code: 400, error: 'INVALID_INPUT', data: null });
    const en = await call(echo('none'), { body: JSON.stringify({ n: 11 }), headers: { cookie: 'NEXT_LOCALE=en' } });
    expect(en.body.message).toMatch(/[a-z]/i);
    expect(en.body.message).not.toBe(zh.body.message);
    expect((await call(echo('none'), { body: '{"n": 3' })).status).toBe(400);
    expect((await call(echo('none'), { body: JSON.stringify({ n: 3 }) })).body.data).toEqual({ user: null, n: 3 });
  });

  it('refuses NUL bytes, lone surrogates and broken UTF-8 anywhere in a body or a query', async () => {
    const text = route({ body: z.object({ s: z.string() }) }, async ({ body }) => body.s);
    for (const body of ['{"s":"a\\u0000b"}', '{"s":"\\ud800"}', '{"a\\u0000":1,"s":"x"}']) {
      const res = await answer(await text(apiRequest('/api/x', { method: 'POST', body })));
      expect(res.status).toBe(400);
    }
    const broken = new Uint8Array([0x7b, 0x22, 0x73, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    expect((await answer(await text(apiRequest('/api/x', { method: 'POST', body: broken })))).status).toBe(400);
    const q = route({ query: z.object({ s: z.string() }) }, async ({ query }) => query.s);
    expect((await answer(await q(apiRequest('/api/x?s=a%00b')))).status).toBe(400);
    expect((await answer(await q(apiRequest('/api/x?s=ok')))).body.data).toBe('ok');
  });

  it('stops reading a JSON body at the limit, declared or chunked', async () => {
    const big = JSON.stringify({ n: 1, pad: 'x'.repeat(JSON_BODY_LIMIT) });
    expect((await call(echo('none'), { body: big })).status).toBe(413);
    let pulled = 0;
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await call(echo('none'), { body: endless });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('BODY_TOO_LARGE');
    expect(pulled).toBeLessThan(JSON_BODY_LIMIT + 256 * 1024);
  });

  it('refuses a cookie-carrying write from another origin, allows its own host and bearer clients', async () => {
    expect((await call(echo('none'), { headers: { origin: 'http://evil.example' } })).status).toBe(403);
    expect((await call(echo('none'), { headers: { origin: 'http://localhost' } })).status).toBe(200);
    expect((await call(echo('none'), {})).status).toBe(200);
  });

  it('keeps an unpublished conference to its administrators when the handler says published', async () => {
    await database.db.update(conference).set({ status: '1' }).where(eq(conference.id, conferenceId));
    forgetConferenceCache();
    try {
      const handler = echo('none', { published: true });
      expect((await call(handler)).body.error).toBe('UNPUBLISHED');
      expect((await call(handler, { token: tokens.user })).status).toBe(403);
      expect((await call(handler, { token: tokens.manager })).status).toBe(200);
      expect((await call(handler, { token: tokens.platformAdmin })).status).toBe(200);
    } finally {
      await database.db.update(conference).set({ status: PUBLISHED }).where(eq(conference.id, conferenceId));
      forgetConferenceCache();
    }
  });

  it('answers a host that serves no conference with 404', async () => {
    expect((await call(echo('none'), { host: 'nowhere.example' })).body.error).toBe('NO_CONFERENCE');
  });
});
