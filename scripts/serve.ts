/**
 * The production HTTP server: Next.js behind the anonymous HTML cache (lib/server/public-cache.ts).
 * A public page asked for without a session is answered from memory when this process rendered it
 * lately; the build's scripts and stylesheets go out in Brotli to browsers that take it
 * (lib/server/static-assets.ts); the REST calls go straight to their compiled route handlers
 * (lib/server/api-direct.ts); everything else goes to Next.js untouched. `npm start`, the browser tests and
 * `npm run bench:public` all run this, on PORT (3000) and LISTEN_HOST (all interfaces; not HOSTNAME, which containers set to their own name).
 * On PostgreSQL `npm start` runs several of these behind one port (scripts/serve-cluster.ts).
 *
 * Run on a build (`next build`) with NODE_ENV=production, compiled (scripts/build-server.mjs, scripts/server-process.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import next from 'next';
import { loadApiTable, serveApiDirect } from '../lib/server/api-direct';
import { isDraining, markDraining } from '../lib/server/draining';
import { answerClientError, answerConnect, refuseUnservedMethod } from '../lib/server/method-guard';
import { CLIENT_IP_HEADER, clientIp, clientLimitKey } from '../lib/http/client-ip';
import { answerBusy } from '../lib/server/busy-page';
import { lookup, publicCacheKey, release, SHARED_WAIT_MS, store, type Lookup } from '../lib/server/public-cache';
import { isPublicPage, publicPageUrl } from '../lib/server/public-pages';
import { createRenderLimit, renderLimitsFromEnv } from '../lib/server/render-limit';
import { precompressStatic, serveStatic } from '../lib/server/static-assets';

// The project folder: this file's parent, or two up where it runs compiled (.next/confhub-server/serve.mjs).
const here = import.meta.dirname;
const root = path.resolve(here, path.basename(path.dirname(here)) === '.next' ? '../..' : '..');
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.LISTEN_HOST || undefined;

function toBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.alloc(0);
}

/** Calls `done` once, when the answer has been written in full or its connection closed before. */
function whenAnswered(res: ServerResponse, done: () => void): void {
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    done();
  };
  res.once('finish', once);
  res.once('close', once);
}

/** The client address a per-client limit counts under (lib/http/client-ip.ts), or null when none is known. */
function limitKeyOf(req: IncomingMessage): string | null {
  const headers = new Headers();
  for (const name of ['x-forwarded-for', 'x-real-ip', CLIENT_IP_HEADER]) {
    const value = req.headers[name];
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const ip = clientIp(headers);
  return ip ? clientLimitKey(ip) : null;
}

/** Resolves after `ms` (true), or earlier when `settled` does (true) or the caller's connection closes (false). */
function waitFor(settled: Promise<void>, ms: number, res: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const finish = (outcome: boolean) => {
      clearTimeout(timer);
      res.off('close', closed);
      resolve(outcome);
    };
    const closed = () => finish(false);
    const timer = setTimeout(() => finish(true), ms);
    res.once('close', closed);
    void settled.then(() => finish(true));
  });
}

/** Lets the response go out as Next.js writes it, keeping a copy of the bytes for the cache. */
function keepCopy(res: ServerResponse, done: (body: Buffer | null) => void): void {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    chunks.push(toBuffer(chunk, rest[0]));
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (chunk !== undefined && typeof chunk !== 'function') chunks.push(toBuffer(chunk, rest[0]));
    return (end as (...args: unknown[]) => ServerResponse)(chunk, ...rest);
  }) as typeof res.end;
  res.on('finish', () => done(Buffer.concat(chunks)));
  res.on('close', () => {
    if (!res.writableFinished) done(null);
  });
}

async function main() {
  const app = next({ dev: false, dir: root, port, hostname });
  await app.prepare();
  const handle = app.getRequestHandler();
  // The build's scripts and stylesheets in Brotli (compressed once after a build, then read back).
  const assets = await precompressStatic(path.join(root, '.next', 'static'));
  // The REST calls go straight to their compiled route handlers (lib/server/api-direct.ts); API_DIRECT=0: all through Next.js.
  const api = process.env.API_DIRECT === '0' ? null : await loadApiTable(path.join(root, '.next', 'server'));
  await api?.preload();
  // Next.js loads every page's modules in the background once it starts; waited for here, so a process takes requests
  // (and says it is ready) only when warm, and a rush or a rolling restart does not meet it still loading.
  type Preloading = { unstable_preloadEntries?: () => Promise<void> };
  const renderServer = (app as unknown as { server?: { getServer?: () => Promise<Preloading> } }).server;
  const nextServer = await renderServer?.getServer?.();
  await nextServer?.unstable_preloadEntries?.();
  if (process.env.CONFHUB_WORKER === undefined || process.env.CONFHUB_WORKER === '1')
    console.info(api ? `[serve] ${api.size} API routes answered directly` : '[serve] API calls through Next.js');

  const serve = (req: IncomingMessage, res: ServerResponse) => {
    // A method the app does not serve (TRACE, PROPFIND …) gets the 405 envelope before anything else sees it.
    if (refuseUnservedMethod(req, res)) return;
    // The socket address for per-client limits (lib/http/client-ip.ts); a client-sent value never passes.
    delete req.headers['x-confhub-client-ip'];
    if (req.socket.remoteAddress) req.headers['x-confhub-client-ip'] = req.socket.remoteAddress;
    if (serveStatic(req, res, assets)) return;
    if (api && serveApiDirect(api, req, res, () => void handle(req, res))) return;
    // A public page not answered from the cache is rendered under the render limits; anything else goes to Next.js.
    if (!isPublicPage(req.url ?? '')) return void handle(req, res);
    servePublicPage(req, res).catch((error: unknown) => {
      console.error('[serve] public page', error);
      if (!res.headersSent) void handle(req, res);
    });
  };

  // Public pages rendered at once, per client and overall (lib/server/render-limit.ts); beyond, a busy page.
  const renderLimit = createRenderLimit(renderLimitsFromEnv());
  const render = async (req: IncomingMessage, res: ServerResponse, onNotRendered?: () => void) => {
    let gone = false;
    const aborted = new AbortController();
    res.once('close', () => {
      gone = true;
      aborted.abort();
    });
    const admission = await renderLimit.admit(limitKeyOf(req), aborted.signal);
    if (admission.kind === 'render' && !gone) {
      whenAnswered(res, admission.done);
      return void handle(req, res);
    }
    onNotRendered?.();
    if (admission.kind === 'render') return admission.done();
    if (gone || res.headersSent) return;
    // The busy page is nobody's to keep: neither this cache nor a reverse proxy's.
    res.removeHeader('x-confhub-cache');
    res.removeHeader('x-confhub-public');
    answerBusy(res, admission.refusal, req.url ?? '/', req.headers.cookie);
  };

  const servePublicPage = async (req: IncomingMessage, res: ServerResponse) => {
    const key = publicCacheKey(req);
    // Signed in, a client-side navigation, a HEAD, a parameter the proxy acts on: rendered by the app, uncached.
    if (!key) return render(req, res);
    // The page's canonical address: what the key says is what Next.js renders (unknown parameters left out).
    req.url = publicPageUrl(req.url ?? '') ?? req.url;
    let found: Lookup = lookup(key);
    // Another request is rendering this very page: its answer, once stored, is this one's too. Waited for up to
    // SHARED_WAIT_MS in all; after that this request renders the page alongside.
    const deadline = Date.now() + SHARED_WAIT_MS;
    while (found.kind === 'wait') {
      const left = deadline - Date.now();
      if (left <= 0) {
        found = lookup(key, Date.now(), { shared: false });
        break;
      }
      if (!(await waitFor(found.settled, left, res))) return;
      found = lookup(key);
    }
    if (found.kind === 'hit') {
      res.writeHead(200, found.response.rawHeaders);
      res.end(found.response.body);
      return;
    }
    if (found.kind !== 'miss') return;
    const { generation } = found;
    res.setHeader('x-confhub-cache', 'miss');
    // What this process may keep for anonymous visitors, a reverse proxy may keep too (deploy/nginx.conf micro-caches
    // only answers carrying this mark; hits carry it from the stored headers).
    res.setHeader('x-confhub-public', '1');
    let settled = false;
    keepCopy(res, (body) => {
      if (settled) return;
      settled = true;
      const headers = { ...res.getHeaders() };
      delete headers['x-confhub-cache'];
      if (!body || !store(key, generation, { status: res.statusCode, headers, body })) release(key);
    });
    // Refused, or its client gone while it waited: nothing to keep, and the requests waiting for it look again.
    return render(req, res, () => {
      if (settled) return;
      settled = true;
      release(key);
    });
  };

  // Under scripts/serve-cluster.ts each process says which one answered.
  const worker = process.env.CONFHUB_WORKER;
  const server = createServer((req, res) => {
    if (worker) res.setHeader('x-confhub-worker', worker);
    // Shutting down: this answer is the connection's last, so a keep-alive client reconnects to another server.
    if (isDraining()) res.setHeader('connection', 'close');
    serve(req, res);
  });
  server.keepAliveTimeout = 65_000;
  // Methods Node's parser does not know (TRACK, FOO) and CONNECT never reach `serve`: the 405 envelope on the socket.
  server.on('clientError', answerClientError);
  server.on('connect', answerConnect);
  // A port already taken is fatal (Next.js would only log it and keep a process that serves nothing).
  server.on('error', (error) => {
    console.error(`[serve] ${error.message}`);
    process.exit(1);
  });
  server.listen(port, hostname, () => {
    console.info(`ConfHub listening on http://${hostname ?? 'localhost'}:${port}`);
  });
  // A graceful shutdown (docs/operations.md): readiness says 503 at once (/api/ready) and, after SHUTDOWN_DRAIN_MS
  // (the time a load balancer takes to notice), the listener closes and idle connections with it; requests in flight
  // get SHUTDOWN_GRACE_MS to finish before the process exits anyway.
  const drainMs = Math.max(0, Number(process.env.SHUTDOWN_DRAIN_MS ?? 0) || 0);
  const graceMs = Math.max(0, Number(process.env.SHUTDOWN_GRACE_MS ?? 25_000) || 0);
  const stop = () => {
    if (isDraining()) return;
    markDraining();
    console.info(`[serve] shutting down: new requests refused in ${drainMs} ms, requests in flight given ${graceMs} ms`);
    setTimeout(() => {
      server.close(() => process.exit(0));
      server.closeIdleConnections();
    }, drainMs).unref();
    setTimeout(() => process.exit(0), drainMs + graceMs).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
