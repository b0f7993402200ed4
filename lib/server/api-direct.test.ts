import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJsonBody } from '../http/request-input';
import { loadApiTable, plainApiPath, serveApiDirect, type ApiTable } from './api-direct';

/**
 * The direct API path against a build laid out as Next.js lays it out (`app-paths-manifest.json` naming
 * `app/api/…/route.js` files whose `routeModule` holds the exported handlers), served by a real HTTP server: which
 * route an address reaches, what the handler is given, what goes back, and what is left to Next.js. The real build
 * goes through it in every browser test (scripts/serve.ts).
 */

/** A route file as the build writes it: its handlers echo what they were given. */
function routeFile(methods: string[], body: string, options?: string): string {
  const handlers = methods
    .map((m) => `${m}: Object.assign(async (req, segment) => { ${body} }${options ? `, { options: ${options} }` : ''})`)
    .join(',\n');
  return `const userland = { ${handlers} };
module.exports = { routeModule: { ensureUserland: async () => {}, get userland() { return userland; } } };`;
}

const ECHO = `
  const params = await segment.params;
  const text = req.method === 'GET' ? '' : await req.text();
  return Response.json({ route: ROUTE, method: req.method, params, q: req.nextUrl.searchParams.get('q'),
    ip: req.headers.get('x-confhub-client-ip'), host: req.nextUrl.host, size: text.length, head: text.slice(0, 20) });`;

const ROUTES: Record<string, { methods: string[]; body?: string; options?: string }> = {
  // As route() makes them: the handler carries its options, and a JSON body is read by readJsonBody.
  '/api/json': {
    methods: ['POST'],
    options: '{ body: {} }',
    body: `let value;
      try { value = await globalThis.readJsonBodyForTest(req); } catch (error) { return Response.json({ error: error.code }, { status: 400 }); }
      return Response.json({ stream: req.body !== null, size: JSON.stringify(value).length, value: typeof value === 'string' ? value.slice(0, 5) : value });`,
  },
  '/api/items/latest': { methods: ['GET'] },
  '/api/items/[id]': { methods: ['GET', 'POST'] },
  '/api/items/[id]/files/[...path]': { methods: ['GET'] },
  '/api/[...rest]': { methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
  '/api/(group)/hidden': { methods: ['GET'] },
  '/api/cookies': {
    methods: ['GET'],
    body: `const h = new Headers({ 'content-type': 'application/json' }); h.append('set-cookie', 'a=1; Path=/'); h.append('set-cookie', 'b=2; Path=/');
      return new Response(JSON.stringify({ big: 'x'.repeat(Number(req.nextUrl.searchParams.get('n') ?? 0)) }), { headers: h });`,
  },
  '/api/stream': {
    methods: ['GET'],
    body: `const chunks = ['line one\\n', 'line two\\n'.repeat(200)];
      const stream = new ReadableStream({ pull(c) { const next = chunks.shift(); if (next) c.enqueue(new TextEncoder().encode(next)); else c.close(); } });
      return new Response(stream, { headers: { 'content-type': 'text/plain; charset=utf-8' } });`,
  },
  // As route() answers a request of this path: the JSON as text beside a bodiless answer (lib/http/direct-path.ts).
  '/api/text': {
    methods: ['GET'],
    body: `const direct = req[Symbol.for('confhub.direct')] === true;
      const answer = new Response(null, { status: 409, headers: { 'content-type': 'application/json', 'x-direct': String(direct) } });
      return Object.defineProperty(answer, Symbol.for('confhub.jsonText'), { value: JSON.stringify({ big: 'z'.repeat(Number(req.nextUrl.searchParams.get('n'))) }) });`,
  },
  '/api/broken': { methods: ['GET'], body: `throw new Error('a handler bug');` },
};

let dir: string;
let table: ApiTable;
let server: Server;
let port: number;
const fellThrough: string[] = [];

beforeAll(async () => {
  (globalThis as { readJsonBodyForTest?: typeof readJsonBody }).readJsonBodyForTest = readJsonBody;
  dir = mkdtempSync(path.join(tmpdir(), 'confhub-api-direct-'));
  const manifest: Record<string, string> = { '/[locale]/page': 'app/[locale]/page.js' };
  for (const [pathname, route] of Object.entries(ROUTES)) {
    const file = `app${pathname}/route.js`;
    manifest[`${pathname}/route`] = file;
    mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    writeFileSync(
      path.join(dir, file),
      routeFile(route.methods, (route.body ?? ECHO).replaceAll('ROUTE', JSON.stringify(pathname)), route.options),
    );
  }
  writeFileSync(path.join(dir, 'app-paths-manifest.json'), JSON.stringify(manifest));
  table = (await loadApiTable(dir))!;
  await table.preload();
  server = createServer((req, res) => {
    // As scripts/serve.ts does: the socket's address replaces whatever the client claimed.
    req.headers['x-confhub-client-ip'] = '127.0.0.1';
    if (
      !serveApiDirect(table, req, res, () => {
        fellThrough.push(`${req.method} ${req.url}`);
        res.statusCode = 299;
        res.end('next.js');
      })
    ) {
      fellThrough.push(`${req.method} ${req.url}`);
      res.statusCode = 299;
      res.end('next.js');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

function call(method: string, pathname: string, init: { headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path: pathname, headers: { host: `demo.localhost:${port}`, ...init.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

const json = (a: Answer) => JSON.parse(a.body.toString('utf8')) as Record<string, unknown>;

describe('the build’s API routes, answered without Next.js’s router', () => {
  it('reads the routes under /api from the manifest, leaving pages and route groups to Next.js', () => {
    expect(table.size).toBe(Object.keys(ROUTES).length - 1);
  });

  it('reaches a fixed segment before a parameter, a parameter before a catch-all, as Next.js does', async () => {
    expect(json(await call('GET', '/api/items/latest'))).toMatchObject({ route: '/api/items/latest', params: {} });
    expect(json(await call('GET', '/api/items/42?q=x%20y'))).toMatchObject({ route: '/api/items/[id]', params: { id: '42' }, q: 'x y' });
    expect(json(await call('GET', '/api/items/42/files/a/b.pdf'))).toMatchObject({
      route: '/api/items/[id]/files/[...path]',
      params: { id: '42', path: ['a', 'b.pdf'] },
    });
    expect(json(await call('GET', '/api/items/42/other'))).toMatchObject({
      route: '/api/[...rest]',
      params: { rest: ['items', '42', 'other'] },
    });
    expect(json(await call('GET', '/api/hidden'))).toMatchObject({ route: '/api/[...rest]' });
  });

  it('gives the handler the host, the address serve.ts set (never the client’s) and the body, small or large', async () => {
    const small = await call('POST', '/api/items/7', {
      headers: { 'content-type': 'application/json', 'x-confhub-client-ip': '203.0.113.9' },
      body: '{"name":"张三"}',
    });
    expect(json(small)).toMatchObject({ method: 'POST', ip: '127.0.0.1', host: `demo.localhost:${port}`, head: '{"name":"张三"}' });
    const large = await call('POST', '/api/items/7', { headers: { 'content-type': 'application/json' }, body: `"${'y'.repeat(200_000)}"` });
    expect(json(large)).toMatchObject({ size: 200_002, head: `"${'y'.repeat(19)}` });
    // Without a declared length (chunked), streamed to the handler.
    const chunked = await call('POST', '/api/items/7', { headers: { 'transfer-encoding': 'chunked' }, body: 'abc' });
    expect(json(chunked)).toMatchObject({ size: 3 });
  });

  it('hands a JSON route its small body read whole (no stream), and larger or unmeasured bodies as a stream', async () => {
    const headers = { 'content-type': 'application/json' };
    expect(json(await call('POST', '/api/json', { headers, body: '{"name":"张三","n":[1,2]}' }))).toEqual({
      stream: false,
      size: 23,
      value: { name: '张三', n: [1, 2] },
    });
    expect(json(await call('POST', '/api/json', { headers, body: `"${'y'.repeat(100_000)}"` }))).toEqual({
      stream: true,
      size: 100_002,
      value: 'yyyyy',
    });
    expect(json(await call('POST', '/api/json', { headers: { ...headers, 'transfer-encoding': 'chunked' }, body: '[1]' }))).toEqual({
      stream: true,
      size: 3,
      value: [1],
    });
    // The body's checks are readJsonBody's either way: invalid JSON and NUL bytes are refused.
    expect(json(await call('POST', '/api/json', { headers, body: '{"a":' }))).toEqual({ error: 'INVALID_INPUT' });
    expect(json(await call('POST', '/api/json', { headers, body: '{"a":"\\u0000"}' }))).toEqual({ error: 'INVALID_INPUT' });
  });

  it('sends a JSON answer handed over as text, with its status and length, gzipped where it pays', async () => {
    const small = await call('GET', '/api/text?n=3', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.status).toBe(409);
    expect(small.headers['x-direct']).toBe('true');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(Number(small.headers['content-length'])).toBe(small.body.length);
    expect(json(small)).toEqual({ big: 'zzz' });
    const big = await call('GET', '/api/text?n=5000', { headers: { 'accept-encoding': 'gzip' } });
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(big.body).toString()).big).toHaveLength(5000);
  });

  it('answers with the fixed security headers, every cookie, and gzip only where it pays', async () => {
    const small = await call('GET', '/api/cookies?n=10', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['x-content-type-options']).toBe('nosniff');
    expect(small.headers['x-frame-options']).toBe('DENY');
    expect(small.headers['permissions-policy']).toContain('camera=()');
    expect(small.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(Number(small.headers['content-length'])).toBe(small.body.length);

    const big = await call('GET', '/api/cookies?n=5000', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(big.headers.vary).toContain('Accept-Encoding');
    expect(JSON.parse(gunzipSync(big.body).toString()).big).toHaveLength(5000);
    expect((await call('GET', '/api/cookies?n=5000')).headers['content-encoding']).toBeUndefined();

    const stream = await call('GET', '/api/stream', { headers: { 'accept-encoding': 'gzip' } });
    expect(stream.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(stream.body).toString()).toBe(`line one\n${'line two\n'.repeat(200)}`);
  });

  it('answers a handler’s failure with a 500 envelope, and the server goes on', async () => {
    const broken = await call('GET', '/api/broken');
    expect(broken.status).toBe(500);
    expect(json(broken)).toMatchObject({ code: 500, data: null });
    expect((await call('GET', '/api/items/latest')).status).toBe(200);
  });

  it('leaves to Next.js what does not map plainly: other methods, a method the route lacks, odd addresses', async () => {
    fellThrough.length = 0;
    const odd = ['/api/items/4%32', '/api/items//latest', '/api/items/latest/', '/api/items/../cookies', '/apix', '/en/api/items/latest'];
    for (const pathname of odd) expect((await call('GET', pathname)).status, pathname).toBe(299);
    expect((await call('HEAD', '/api/items/latest')).status).toBe(299);
    expect((await call('OPTIONS', '/api/items/latest')).status).toBe(299);
    expect((await call('DELETE', '/api/items/latest')).status).toBe(299);
    expect(fellThrough).toHaveLength(odd.length + 3);
    expect(fellThrough.at(-1)).toBe('DELETE /api/items/latest');
  });

  it('takes only plain /api addresses', () => {
    expect(plainApiPath('/api/a/b?x=%2F')).toBe('/api/a/b');
    for (const url of ['/api/a%2Fb', '/api/a/', '/api//a', '/api/./a', '/api/a/..', '/page', undefined])
      expect(plainApiPath(url)).toBeNull();
  });

  it('turns itself off when the build has no manifest', async () => {
    expect(await loadApiTable(path.join(dir, 'missing'))).toBeNull();
  });
});
