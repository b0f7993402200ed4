/**
 * The REST calls (`/api/...`) handed straight to their route handlers, as the build compiled them, instead of through
 * Next.js's router (issue 25 point 6: a profile of the registration rush put much of the cost in the router's machinery
 * around the handler). Each handler is still the one Next.js would run — `route()` with every check: the conference from the host,
 * the session, the permission, the schemas, the envelope, the security headers — loaded from the build's own server
 * bundle (`.next/server/app/api/**​/route.js`, named by `app-paths-manifest.json`), in the same module instances
 * Next.js itself uses in this process, so caches, the database pool and the outbox are one.
 *
 * Only what maps plainly is taken: a path under /api that names a route of the build, without a `%`, a trailing
 * slash or an empty segment, and a method the route exports (HEAD, OPTIONS and everything else go to Next.js, which
 * answers them as before). Anything missing from the build's layout turns this path off and everything goes to
 * Next.js. `API_DIRECT=0` turns it off too (to compare: `npm run bench:register`).
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGzip, gzip } from 'node:zlib';
import type { NextRequest } from 'next/server';
import { fail } from '../http/envelope';
import { DIRECT, JSON_TEXT, READ_BODY } from '../http/direct-symbols';
import { STATIC_HEADERS } from '../http/static-headers.mjs';

type Params = Record<string, string | string[]>;
type Handler = ((req: NextRequest, segment: { params: Promise<Params> }) => Promise<Response>) & { options?: { body?: unknown } };
type RouteModule = { routeModule?: { ensureUserland?: () => Promise<void>; userland?: Record<string, unknown> } };

type Segment = { kind: 'static'; value: string } | { kind: 'param'; name: string } | { kind: 'rest'; name: string; optional: boolean };
type Route = { segments: Segment[]; file: string; handlers: Promise<Record<string, Handler> | null> | null };

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
/** Worth compressing: JSON and text answers from this size on, for clients that take gzip. */
const GZIP_FROM = 1024;
const gzipAsync = promisify(gzip);

function parseSegment(raw: string): Segment {
  const optional = /^\[\[\.\.\.(.+)\]\]$/.exec(raw);
  if (optional) return { kind: 'rest', name: optional[1], optional: true };
  const rest = /^\[\.\.\.(.+)\]$/.exec(raw);
  if (rest) return { kind: 'rest', name: rest[1], optional: false };
  const param = /^\[(.+)\]$/.exec(raw);
  if (param) return { kind: 'param', name: param[1] };
  return { kind: 'static', value: raw };
}

/** Next.js's order: a fixed segment before a parameter, a parameter before a catch-all, earliest difference first. */
function rankOf(segments: Segment[]): number[] {
  return segments.map((s) => (s.kind === 'static' ? 0 : s.kind === 'param' ? 1 : 2));
}

function compareRoutes(a: Segment[], b: Segment[]): number {
  const [ra, rb] = [rankOf(a), rankOf(b)];
  for (let i = 0; i < Math.min(ra.length, rb.length); i++) if (ra[i] !== rb[i]) return ra[i] - rb[i];
  return rb.length - ra.length;
}

export type ApiTable = {
  match: (pathname: string) => { route: Route; params: Params } | null;
  size: number;
  /** Loads every route's handlers (once, before the server listens: no first caller waits for a module to load). */
  preload: () => Promise<void>;
  /** Next.js's request class, loaded once Next.js has set up its environment (scripts/serve.ts calls after prepare()). */
  NextRequest: typeof NextRequest;
};

/**
 * The build's API routes (`app-paths-manifest.json`), most specific first; null when the build has no such layout.
 * Called once Next.js is prepared.
 */
export async function loadApiTable(serverDir: string): Promise<ApiTable | null> {
  let manifest: Record<string, string>;
  try {
    manifest = JSON.parse(readFileSync(path.join(serverDir, 'app-paths-manifest.json'), 'utf8')) as Record<string, string>;
  } catch {
    return null;
  }
  const routes: Route[] = [];
  for (const [page, file] of Object.entries(manifest)) {
    if (!page.startsWith('/api/') || !page.endsWith('/route')) continue;
    const parts = page.slice(1, -'/route'.length).split('/');
    // Route groups and other conventions this table does not follow stay with Next.js.
    if (parts.some((p) => p.startsWith('(') || p.startsWith('@') || p.startsWith('_'))) continue;
    routes.push({ segments: parts.map(parseSegment), file: path.join(serverDir, file), handlers: null });
  }
  if (!routes.length) return null;
  routes.sort((a, b) => compareRoutes(a.segments, b.segments));

  const match = (pathname: string) => {
    const parts = pathname.slice(1).split('/');
    for (const route of routes) {
      const params = matchSegments(route.segments, parts);
      if (params) return { route, params };
    }
    return null;
  };
  const preload = async () => {
    for (const route of routes) await handlersOf(route);
  };
  // With the extension: Node.js's ESM loader runs the compiled server, and the package maps no subpaths.
  const { NextRequest } = await import('next/server.js');
  return { match, size: routes.length, preload, NextRequest };
}

function matchSegments(segments: Segment[], parts: string[]): Params | null {
  const params: Params = {};
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    if (s.kind === 'rest') {
      const rest = parts.slice(i);
      if (!rest.length && !s.optional) return null;
      if (rest.length) params[s.name] = rest;
      return params;
    }
    if (i >= parts.length) return null;
    if (s.kind === 'static' && parts[i] !== s.value) return null;
    if (s.kind === 'param') params[s.name] = parts[i];
  }
  return parts.length === segments.length ? params : null;
}

const requireBuilt = createRequire(import.meta.url);

/** The route's exported handlers, from the build (loaded once, on the first call). */
function handlersOf(route: Route): Promise<Record<string, Handler> | null> {
  route.handlers ??= (async () => {
    const built = requireBuilt(route.file) as RouteModule;
    const routeModule = built.routeModule;
    if (!routeModule?.ensureUserland) return null;
    await routeModule.ensureUserland();
    const userland = routeModule.userland ?? {};
    const handlers: Record<string, Handler> = {};
    for (const method of METHODS) if (typeof userland[method] === 'function') handlers[method] = userland[method] as Handler;
    return handlers;
  })().catch((error: unknown) => {
    console.error(`[api] ${route.file}`, error);
    return null;
  });
  return route.handlers;
}

/** Whether the address is one this path takes: under /api, no `%`, no empty segment or trailing slash. */
export function plainApiPath(url: string | undefined): string | null {
  if (!url?.startsWith('/api/')) return null;
  const pathname = url.split('?', 1)[0];
  if (pathname.includes('%') || pathname.includes('//') || pathname.endsWith('/') || /\/\.\.?(\/|$)/.test(pathname)) return null;
  return pathname;
}

/** Bodies up to this size that say how long they are are read at once (a web stream per request costs more). */
const SMALL_BODY = 64 * 1024;

async function bodyOf(req: IncomingMessage): Promise<Buffer | ReadableStream<Uint8Array>> {
  const length = Number(req.headers['content-length'] ?? NaN);
  if (!Number.isInteger(length) || length > SMALL_BODY) return Readable.toWeb(req) as ReadableStream<Uint8Array>;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    // More than it said: what it said is all the handler gets to see (Node.js ends the body there anyway).
    if (size > SMALL_BODY) break;
  }
  return Buffer.concat(chunks, size);
}

/**
 * The web request for a handler. For a route whose JSON body route() reads (`options.body`), a small body read whole
 * is handed over as bytes (READ_BODY) instead of as a stream: route() is its only reader.
 */
async function webRequest(Request: typeof NextRequest, req: IncomingMessage, signal: AbortSignal, jsonBody: boolean): Promise<NextRequest> {
  const protocol = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  const url = new URL(req.url ?? '/', `${protocol}://${req.headers.host || 'localhost'}`);
  // From req.headers, as Next.js builds them: scripts/serve.ts has replaced the client address there (never rawHeaders).
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  // GET carries no body; HEAD never comes here (METHODS).
  const body = req.method !== 'GET' ? await bodyOf(req) : null;
  const init = { method: req.method, headers, signal } as ConstructorParameters<typeof NextRequest>[1];
  const request =
    jsonBody && Buffer.isBuffer(body)
      ? Object.defineProperty(new Request(url, init), READ_BODY, { value: body })
      : new Request(url, body ? ({ ...init, body, duplex: 'half' } as ConstructorParameters<typeof NextRequest>[1]) : init);
  // This path sends the answer: route() may hand its JSON over as text (JSON_TEXT).
  return Object.defineProperty(request, DIRECT, { value: true });
}

function gzipWanted(req: IncomingMessage, response: Response): boolean {
  if (response.headers.has('content-encoding') || !/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return false;
  return /^(application\/json|text\/)/.test(response.headers.get('content-type') ?? '');
}

async function send(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  for (const { key, value } of STATIC_HEADERS) res.setHeader(key, value);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') res.setHeader(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader('set-cookie', cookies);
  res.statusCode = response.status;
  const text = (response as { [JSON_TEXT]?: unknown })[JSON_TEXT];
  if ((!response.body && typeof text !== 'string') || response.status === 204 || response.status === 304) {
    await response.body?.cancel();
    res.end();
    return;
  }
  const gzip = gzipWanted(req, response);
  if (gzip) {
    res.removeHeader('content-length');
    res.setHeader('vary', [res.getHeader('vary'), 'Accept-Encoding'].filter(Boolean).join(', '));
  }
  // JSON (the envelope) is read whole and sent with its length; anything else (files, exports) streams.
  if (typeof text === 'string' || (response.headers.get('content-type') ?? '').startsWith('application/json')) {
    let body = typeof text === 'string' ? Buffer.from(text) : Buffer.from(await response.arrayBuffer());
    if (gzip && body.length >= GZIP_FROM) {
      body = await gzipAsync(body);
      res.setHeader('content-encoding', 'gzip');
    }
    res.setHeader('content-length', body.length);
    res.end(body);
    return;
  }
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
  if (gzip) {
    res.setHeader('content-encoding', 'gzip');
    await pipeline(body, createGzip(), res);
  } else await pipeline(body, res);
}

/**
 * Answers `req` from the build's route handler when the address maps plainly to one (see above) and returns true;
 * false when Next.js should answer it. A route of the table without this method, or one that cannot be loaded, is
 * handed to `nextJs` after all.
 */
export function serveApiDirect(table: ApiTable, req: IncomingMessage, res: ServerResponse, nextJs: () => void): boolean {
  const method = req.method ?? 'GET';
  if (!METHODS.has(method)) return false;
  const pathname = plainApiPath(req.url);
  const found = pathname ? table.match(pathname) : null;
  if (!found) return false;
  void (async () => {
    const handler = (await handlersOf(found.route))?.[method];
    if (!handler) return nextJs();
    const aborted = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) aborted.abort();
    });
    let response: Response;
    try {
      const request = await webRequest(table.NextRequest, req, aborted.signal, Boolean(handler.options?.body));
      response = await handler(request, { params: Promise.resolve(found.params) });
    } catch (error) {
      console.error(`[api] ${method} ${pathname}`, error);
      response = Response.json(fail(500, 'INTERNAL', 'Internal Server Error'), { status: 500 });
    }
    try {
      await send(req, res, response);
    } catch {
      // The client went away while the answer was going out.
      res.destroy();
    }
  })();
  return true;
}
