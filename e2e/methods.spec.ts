import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { E2E_PORT } from './support/env';
import { expect, test } from './support/test';

/**
 * Request methods the app does not serve, against the built server (scripts/serve.ts): TRACE (which Next.js cannot
 * turn into a web Request: it answered 500 with a logged stack), TRACK and FOO (which Node's HTTP parser refuses before
 * any request exists: a bare 400), CONNECT and PROPFIND each get the 405 envelope of the error table, in the caller's
 * language, with `Allow`, on a page, an /api address and static files. Sent over a raw socket: a browser or fetch
 * refuses to send most of them.
 */

type Answer = { status: number; headers: Map<string, string>; body: string };

/** One request on a connection of its own, read until the server closes it. */
function raw(method: string, target: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(E2E_PORT, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(15_000, () => socket.destroy(new Error(`${method} ${target}: no answer`)));
    socket.on('connect', () => {
      const lines = Object.entries({ host: `localhost:${E2E_PORT}`, connection: 'close', ...headers }).map(([k, v]) => `${k}: ${v}`);
      socket.write([`${method} ${target} HTTP/1.1`, ...lines, '', ''].join('\r\n'));
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...fields] = head.split('\r\n');
      const map = new Map<string, string>();
      for (const field of fields) {
        const colon = field.indexOf(':');
        map.set(field.slice(0, colon).trim().toLowerCase(), field.slice(colon + 1).trim());
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers: map, body: rest.join('\r\n\r\n') });
    });
  });
}

const messageOf = (locale: 'zh' | 'en') =>
  (JSON.parse(readFileSync(path.join(process.cwd(), 'messages', `${locale}.json`), 'utf8')) as { errors: { methodNotAllowed: string } })
    .errors.methodNotAllowed;

test('TRACE, TRACK, FOO, CONNECT and PROPFIND answer the 405 envelope on pages, /api and static files', async ({ request }) => {
  // A script of the build, as the home page links it.
  const home = await (await request.get('/')).text();
  const script = /\/_next\/static\/[^"']+\.js/.exec(home)?.[0];
  expect(script).toBeTruthy();
  expect((await request.get(script!)).status()).toBe(200);

  const targets = ['/', '/conferencelogin', '/api/health', '/api/conference/menu', script!, '/favicon.ico', '/robots.txt'];
  const findings: string[] = [];
  for (const method of ['TRACE', 'TRACK', 'FOO', 'CONNECT', 'PROPFIND']) {
    for (const target of targets) {
      // Half asked in English by the header, half in the default language.
      const english = (method.length + target.length) % 2 === 0;
      const answer = await raw(method, target, english ? { 'x-locale': 'en' } : {});
      const body = (() => {
        try {
          return JSON.parse(answer.body) as { code?: number; error?: string; message?: string; data?: unknown };
        } catch {
          return null;
        }
      })();
      const ok =
        answer.status === 405 &&
        (answer.headers.get('content-type') ?? '').startsWith('application/json') &&
        (answer.headers.get('allow') ?? '').includes('GET') &&
        answer.headers.get('x-content-type-options') === 'nosniff' &&
        body?.code === 405 &&
        body.error === 'METHOD_NOT_ALLOWED' &&
        body.message === messageOf(english ? 'en' : 'zh') &&
        body.data === null;
      if (!ok) findings.push(`${method} ${target} → ${answer.status} ${answer.body.slice(0, 80)}`);
    }
  }
  expect(findings).toEqual([]);

  // An English page address answers in English; the remembered choice too.
  expect(JSON.parse((await raw('TRACK', '/en/conferencelogin')).body)).toMatchObject({ message: messageOf('en') });
  expect(JSON.parse((await raw('TRACE', '/', { cookie: 'NEXT_LOCALE=en' })).body)).toMatchObject({ message: messageOf('en') });
  // The server goes on serving, and what it serves is untouched.
  expect((await request.get('/api/health')).status()).toBe(200);
  expect((await request.get('/conferencelogin')).status()).toBe(200);
});
