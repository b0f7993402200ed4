/**
 * Request methods the app does not serve, refused by the production server (scripts/serve.ts) before anything else
 * looks at the request: the 405 envelope of the error table (METHOD_NOT_ALLOWED, lib/http/method-not-allowed.ts) in
 * the caller's language, with `Allow`, on every path — pages, /api and static files alike.
 *
 * Without it a method Next.js cannot turn into a web Request (TRACE) answered 500 with a logged stack, one Next.js does
 * not know (PROPFIND) a bare 400, and one Node's HTTP parser does not know (TRACK, FOO) a bare 400 from the parser, with
 * no request ever made; CONNECT got its connection closed. The parser's and CONNECT's are answered on the socket
 * (answerClientError, answerConnect), since no request object exists for them.
 *
 * Plain Node.js and the message files only (scripts/build-server.mjs compiles it into the server).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { errors as enErrors } from '../../messages/en.json';
import { errors as zhErrors } from '../../messages/zh.json';
import { fail } from '../http/envelope';
import { API_CSP } from '../http/security-headers';
import { STATIC_HEADERS } from '../http/static-headers.mjs';

/** What the app serves everywhere; OPTIONS only under /api, where the route handlers answer it with their methods. */
const SERVED = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
const ALLOW = SERVED.join(', ');

const pathOf = (url: string | undefined) => (url ?? '/').split('?')[0];
const isApi = (path: string) => path === '/api' || path.startsWith('/api/') || path.startsWith('/api%');

/** Whether the app serves `method` at `url` (the request target as the client sent it). */
export function methodServed(method: string | undefined, url: string | undefined): boolean {
  if (method && SERVED.includes(method)) return true;
  return method === 'OPTIONS' && isApi(pathOf(url));
}

/**
 * The caller's language, as the rest of the app reads it: the x-locale header (API clients), an /en address (pages),
 * the remembered choice (NEXT_LOCALE cookie), else zh.
 */
function localeOf(header: (name: string) => string | undefined, url: string | undefined): 'zh' | 'en' {
  const asked = header('x-locale');
  if (asked === 'zh' || asked === 'en') return asked;
  const path = pathOf(url);
  if (path === '/en' || path.startsWith('/en/')) return 'en';
  return /(?:^|;\s*)NEXT_LOCALE=en(?:;|$)/.test(header('cookie') ?? '') ? 'en' : 'zh';
}

/** The 405 answer's headers and JSON body in `locale`. */
function refusal(locale: 'zh' | 'en'): { headers: [string, string][]; body: string } {
  const message = (locale === 'en' ? enErrors : zhErrors).methodNotAllowed;
  const body = JSON.stringify(fail(405, 'METHOD_NOT_ALLOWED', message));
  return {
    body,
    headers: [
      ...STATIC_HEADERS.map(({ key, value }): [string, string] => [key, value]),
      ['Content-Security-Policy', API_CSP],
      ['Content-Type', 'application/json; charset=utf-8'],
      ['Cache-Control', 'no-store'],
      ['Allow', ALLOW],
      ['Content-Length', String(Buffer.byteLength(body))],
    ],
  };
}

/** A request's header as one string. */
function headerOf(req: IncomingMessage): (name: string) => string | undefined {
  return (name) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join('; ') : value;
  };
}

/** Answers a request whose method the app does not serve (true), or leaves it to the rest of the server (false). */
export function refuseUnservedMethod(req: IncomingMessage, res: ServerResponse): boolean {
  if (methodServed(req.method, req.url)) return false;
  const { headers, body } = refusal(localeOf(headerOf(req), req.url));
  res.writeHead(405, headers);
  res.end(body);
  return true;
}

/** A whole HTTP/1.1 answer written on a socket, which closes after it. */
function rawAnswer(status: string, headers: [string, string][], body = ''): string {
  return [`HTTP/1.1 ${status}`, ...headers.map(([k, v]) => `${k}: ${v}`), 'Connection: close', '', body].join('\r\n');
}

/** The request line and headers of what the parser refused (Node keeps the bytes it read), for the caller's language. */
function readRawHead(packet: unknown): { url: string | undefined; header: (name: string) => string | undefined } {
  const text = Buffer.isBuffer(packet) ? packet.toString('latin1') : '';
  const [requestLine = '', ...lines] = text.split('\r\n\r\n')[0].split('\r\n');
  const fields = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { url: requestLine.split(' ')[1], header: (name) => fields.get(name) };
}

/** What Node.js itself answers a request its parser refused, when no 'clientError' listener does. */
const PARSER_REFUSALS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/**
 * The server's 'clientError' listener: a method Node's parser does not know (TRACK, FOO) gets the 405 envelope; every
 * other parse error the answer Node.js gives without a listener (written only while nothing else was, as Node.js does:
 * a kept-alive connection that already answered is closed instead), then the socket is destroyed.
 */
export function answerClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const untouched = (socket as Duplex & { bytesWritten?: number }).bytesWritten === 0;
  if (untouched && error.code === 'HPE_INVALID_METHOD') {
    const { url, header } = readRawHead(error.rawPacket);
    const { headers, body } = refusal(localeOf(header, url));
    socket.end(rawAnswer('405 Method Not Allowed', headers, body));
    return;
  }
  if (untouched) socket.write(rawAnswer(PARSER_REFUSALS[error.code ?? ''] ?? '400 Bad Request', []));
  socket.destroy(error);
}

/** The server's 'connect' listener: CONNECT (no proxying here) gets the 405 envelope instead of a dropped connection. */
export function answerConnect(req: IncomingMessage, socket: Duplex): void {
  const { headers, body } = refusal(localeOf(headerOf(req), req.url));
  socket.end(rawAnswer('405 Method Not Allowed', headers, body));
}
