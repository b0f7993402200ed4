/**
 * The fuzz walk: every route handler under app/api, called with bad inputs derived from its own
 * zod schemas (ids past 32 bits, NUL bytes, lone surrogates, huge strings, wrong types, impossible
 * dates) and hostile address segments, by a caller who is a manager and a platform administrator
 * (so every handler runs as far as it can) and by an anonymous one. Every answer must be below
 * 500, carry the {code, message, data} envelope when it is JSON or an error, and an error must
 * leave the database as it was.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { conference, conferenceMember, platformAdmin } from '@/db/schema';
import { DEMO_SLUG, seedDemo } from '@/db/seed';
import { createTestDatabase, testBackends, type Backend } from '@/testing/harness/database';
import { EXTRA_SEGMENT_ENCODINGS, HOSTILE_SEGMENTS, HUGE_STRING, PATH_ENCODINGS, hostileQueries, hostileValues } from './inputs';
import type { MethodNotAllowedHandler } from '@/lib/http/method-not-allowed';
import type { RouteHandler } from '@/lib/http/route';
import { apiRequest, plantSession, sessionUserId, useAsProcessDatabase } from '@/testing/harness/handlers';

type Module = Record<string, unknown>;
const modules = import.meta.glob<Module>('/app/api/**/route.ts');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** A segment as it travels in an address; a lone surrogate as the bytes a client would send. */
function encodeSegment(segment: string): string {
  try {
    return segment.startsWith('%') || PATH_ENCODINGS.includes(segment) ? segment : encodeURIComponent(segment);
  } catch {
    return '%ED%A0%80';
  }
}

/** `/app/api/console/conference/[id]/close/route.ts` → the address with `[id]` filled in. */
function addressOf(file: string, segment: string): { url: string; params: Record<string, string | string[]> } {
  const parts = file
    .replace(/^\/app/, '')
    .replace(/\/route\.ts$/, '')
    .split('/');
  const params: Record<string, string | string[]> = {};
  const url = parts
    .map((part) => {
      const rest = /^\[\.\.\.(\w+)\]$/.exec(part);
      if (rest) {
        params[rest[1]] = [segment];
        return encodeSegment(segment);
      }
      const one = /^\[(\w+)\]$/.exec(part);
      if (!one) return part;
      params[one[1]] = segment;
      return encodeSegment(segment);
    })
    .join('/');
  return { url, params };
}

const UNCHECKED_TABLES = new Set(['rate_limit']);

/**
 * Counts every row written from now on (inserted, updated or deleted) in every table but the unchecked ones: a row
 * trigger per table adds one to a counter in the same transaction, so a write rolled back is not counted. One query
 * then tells whether a call changed anything, where a fingerprint of every table (its count and newest row version)
 * took a query over all of them after each of the walk's thousands of calls.
 */
async function countWrites(database: Database): Promise<void> {
  const tables = (await database.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows?: { name: string }[] } | { name: string }[];
  const names = (Array.isArray(tables) ? tables : (tables.rows ?? [])).map((t) => t.name).filter((n) => !UNCHECKED_TABLES.has(n));
  await database.db.execute(sql.raw('create table fuzz_row_writes (n bigint not null)'));
  await database.db.execute(sql.raw('insert into fuzz_row_writes values (0)'));
  await database.db.execute(
    sql.raw(
      'create function fuzz_count_write() returns trigger language plpgsql as $$ begin update fuzz_row_writes set n = n + 1; return null; end $$',
    ),
  );
  for (const name of names)
    await database.db.execute(
      sql.raw(
        `create trigger fuzz_count_write after insert or update or delete on "${name}" for each row execute function fuzz_count_write()`,
      ),
    );
}

/** How many rows have been written since countWrites. */
async function rowsWritten(database: Database): Promise<string> {
  const result = (await database.db.execute(sql.raw('select n::text as n from fuzz_row_writes'))) as unknown as
    { rows?: { n: string }[] } | { n: string }[];
  return (Array.isArray(result) ? result : (result.rows ?? []))[0].n;
}

type Finding = { where: string; problem: string };

/**
 * The walk on one engine, as a suite of the file that calls it: one file per engine (walk-pglite.int.test.ts,
 * walk-postgres.int.test.ts), so Vitest's two workers walk both engines at once.
 */
export function fuzzWalk(backend: Backend): void {
  describe.skipIf(!testBackends('both').includes(backend))(`fuzz walk over every route handler on ${backend}`, () => {
    walkOn(backend);
  });
}

function walkOn(backend: Backend): void {
  let database: Database;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    await seedDemo(database.db);
    const [demo] = await database.db.select().from(conference).where(eq(conference.slug, DEMO_SLUG));
    useAsProcessDatabase(database);
    token = await plantSession(database, demo.id, 'manager');
    const userId = await sessionUserId(database.db, token);
    await database.db.insert(platformAdmin).values({ userId });
    expect(await database.db.select().from(conferenceMember).where(eq(conferenceMember.userId, userId))).toHaveLength(1);
    await countWrites(database);
  }, 120_000);
  afterAll(() => database?.close());

  it('counts a row written, and not one rolled back (what tells an error that changed the database)', async () => {
    const start = Number(await rowsWritten(database));
    const [added] = await database.db
      .insert(conference)
      .values({ slug: 'fuzz-counted', title: { zh: 'x', en: 'x' }, shortTitle: { zh: 'x', en: 'x' } })
      .returning({ id: conference.id });
    expect(Number(await rowsWritten(database))).toBe(start + 1);
    await database.db
      .transaction(async (tx) => {
        await tx.delete(conference).where(eq(conference.id, added.id));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(Number(await rowsWritten(database))).toBe(start + 1);
    await database.db.delete(conference).where(eq(conference.id, added.id));
    expect(Number(await rowsWritten(database))).toBe(start + 2);
  });

  it('finds every handler', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(70);
  });

  it("answers a method a route does not serve with the 405 envelope and Allow, in the caller's language", async () => {
    const problems: string[] = [];
    for (const [file, load] of Object.entries(modules).sort()) {
      const mod = await load();
      for (const method of METHODS) {
        const handler = mod[method] as MethodNotAllowedHandler | RouteHandler | undefined;
        if (typeof handler !== 'function') problems.push(`${file} exports no ${method}`);
        else if ('allow' in handler) {
          const { url, params } = addressOf(file, '1');
          for (const [locale, message] of [
            ['zh', '此地址不支持该请求方式'],
            ['en', 'This address does not take this kind of request.'],
          ] as const) {
            const res = await (handler as (req: Request, seg: unknown) => Promise<Response>)(
              apiRequest(url, { method, token, body: method === 'GET' ? undefined : '{}', headers: { 'x-locale': locale } }),
              { params: Promise.resolve(params) },
            );
            const body = (await res.json()) as { code: number; error: string; message: string; data: unknown };
            if (
              res.status !== 405 ||
              body.code !== 405 ||
              body.error !== 'METHOD_NOT_ALLOWED' ||
              body.message !== message ||
              body.data !== null
            )
              problems.push(`${method} ${url} (${locale}) answered ${res.status} ${JSON.stringify(body)}`);
            const allow = res.headers.get('allow') ?? '';
            if (!handler.allow.every((m) => allow.includes(m)) || allow.includes(method)) problems.push(`${method} ${url} Allow: ${allow}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers every hostile input below 500, in the envelope, and changes nothing on an error', { timeout: 1_200_000 }, async () => {
    const findings: Finding[] = [];
    let calls = 0;
    let before = await rowsWritten(database);

    const probe = async (
      where: string,
      handler: RouteHandler | ((req: Request, seg?: unknown) => Promise<Response>),
      request: () => Request,
      params: Record<string, string | string[]>,
    ) => {
      calls++;
      let res: Response;
      try {
        res = await (handler as (req: Request, seg: unknown) => Promise<Response>)(request(), { params: Promise.resolve(params) });
      } catch (error) {
        findings.push({ where, problem: `threw ${(error as Error).message}` });
        return;
      }
      if (res.status >= 500) findings.push({ where, problem: `answered ${res.status}: ${(await res.text()).slice(0, 200)}` });
      const json = (res.headers.get('content-type') ?? '').includes('application/json');
      if (res.status >= 400 && !json) findings.push({ where, problem: `error ${res.status} without the envelope` });
      if (json) {
        const body = (await res.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
        if (!body || typeof body.code !== 'number' || typeof body.message !== 'string') findings.push({ where, problem: 'no envelope' });
      } else {
        await res.arrayBuffer().catch(() => undefined);
      }
      const after = await rowsWritten(database);
      if (res.status >= 400 && after !== before) findings.push({ where, problem: `error ${res.status} changed the database` });
      before = after;
    };

    for (const [file, load] of Object.entries(modules).sort()) {
      const mod = await load();
      for (const method of METHODS) {
        const handler = mod[method] as RouteHandler | undefined;
        // A method the file does not serve answers 405 before reading anything (the test above).
        if (typeof handler !== 'function' || 'allow' in handler) continue;
        const options = handler.options ?? {};
        const hasSegments = file.includes('[');
        for (const segment of hasSegments ? HOSTILE_SEGMENTS : ['-']) {
          const { url, params } = addressOf(file, segment);
          const where = (label: string) => `${method} ${url} ${label}`;
          // An anonymous caller only reaches past the door of the handlers open to everyone.
          const callers = !options.auth || options.auth === 'none' ? [token, undefined] : [token, undefined].slice(0, 1);
          if (options.auth && options.auth !== 'none')
            await probe(
              where('anonymous door'),
              handler,
              () => apiRequest(url, { method, body: method === 'GET' ? undefined : '{}' }),
              params,
            );
          for (const caller of callers) {
            const who = caller ? 'admin' : 'anonymous';
            for (const { label, query } of hostileQueries(options.query as never)) {
              await probe(
                where(`${who} ?${label}`),
                handler,
                () => apiRequest(`${url}?${query}`, { method, token: caller, body: method === 'GET' ? undefined : '{}' }),
                params,
              );
            }
            if (method === 'GET' || !options.body) {
              if (method !== 'GET')
                await probe(
                  where(`${who} raw`),
                  handler,
                  () => apiRequest(url, { method, token: caller, body: '{"a":"\\u0000"}' }),
                  params,
                );
              continue;
            }
            for (const { label, value } of hostileValues(options.body as never)) {
              await probe(
                where(`${who} ${label}`),
                handler,
                () => apiRequest(url, { method, token: caller, body: JSON.stringify(value) }),
                params,
              );
            }
            await probe(
              where(`${who} huge`),
              handler,
              () => apiRequest(url, { method, token: caller, body: JSON.stringify({ s: HUGE_STRING }) }),
              params,
            );
            await probe(where(`${who} not json`), handler, () => apiRequest(url, { method, token: caller, body: '{"a":' }), params);
          }
          if (!hasSegments) break;
        }
        // Path-level encodings, raw in the address (and the param), as the admin with a plausible body:
        // each in each dynamic segment, and for a handler without one a few as an extra segment.
        for (const encoding of hasSegments ? PATH_ENCODINGS : EXTRA_SEGMENT_ENCODINGS) {
          const { url, params } = hasSegments ? addressOf(file, encoding) : { url: `${addressOf(file, '-').url}/${encoding}`, params: {} };
          const body = method === 'GET' ? undefined : options.body ? JSON.stringify(hostileValues(options.body as never)[0].value) : '{}';
          await probe(`${method} ${url} path encoding`, handler, () => apiRequest(url, { method, token, body }), params);
        }
      }
    }
    console.info(`[fuzz] ${calls} calls over ${Object.keys(modules).length} route files, ${findings.length} findings`);
    expect(findings.slice(0, 40)).toEqual([]);
  });
}
