import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test';

/**
 * Addresses under /api that cannot be decoded (issue 20 point 6): Next decodes the path before any
 * handler runs, so the in-process fuzz walk cannot see what the built app answers. Every route
 * address under app/api is asked with each broken encoding in each dynamic segment and as an extra
 * segment; each answer is the 400 envelope in the caller's language (x-locale header or the
 * NEXT_LOCALE cookie), never a 5xx or a plain-text page.
 */

/** Encodings no UTF-8 decoder accepts: a lone surrogate, an overlong '/', a cut sequence, no hex, a bare '%', a NUL. */
const BROKEN = ['%ED%A0%80', '%C0%AF', '%E4%B8', '%ZZ', '%', '%00', 'a%FFb', '%E4%B8%AD%ED%BF%BF'];
/** Encodings that decode (a slash inside a segment, a dot-dot): whatever the handler answers, never a 5xx. */
const DECODABLE = ['%2F', 'a%2Fb', '%2E%2E'];

const apiDir = path.join(process.cwd(), 'app', 'api');
const ROUTES = (readdirSync(apiDir, { recursive: true }) as string[])
  .filter((file) => file.endsWith(`${path.sep}route.ts`) || file === 'route.ts')
  .map((file) => ['api', ...path.dirname(file).split(path.sep)].filter((p) => p && p !== '.'))
  .sort();

/** Each address of a route with `bad` in one place: each dynamic segment in turn (the others filled), then as an extra segment. */
function addressesWith(parts: string[], bad: string): string[] {
  const fill = (p: string) => (/^\[.*\]$/.test(p) ? '1' : p);
  const out: string[] = [];
  parts.forEach((part, i) => {
    if (/^\[.*\]$/.test(part)) out.push('/' + parts.map((p, j) => (j === i ? bad : fill(p))).join('/'));
  });
  out.push('/' + [...parts.map(fill), bad].join('/'));
  return out;
}

const messageOf = (locale: string) =>
  (JSON.parse(readFileSync(path.join(process.cwd(), 'messages', `${locale}.json`), 'utf8')) as { errors: { invalidAddress: string } })
    .errors.invalidAddress;
const MESSAGES = { en: messageOf('en'), zh: messageOf('zh') };

test('every API address with a broken percent-encoding answers the 400 envelope in the caller’s language', async ({ request }) => {
  test.setTimeout(300_000);
  expect(ROUTES.length).toBeGreaterThan(150);
  const cases = ROUTES.flatMap((parts) => BROKEN.flatMap((bad) => addressesWith(parts, bad)));
  // Right after /api too (`/api%ED%A0%80`; an encoding starting with a letter would make another address).
  cases.push(...BROKEN.map((bad) => `/api/${bad}`), ...BROKEN.filter((bad) => bad.startsWith('%')).map((bad) => `/api${bad}`));
  const findings: string[] = [];
  let index = 0;
  const worker = async () => {
    while (index < cases.length) {
      const i = index++;
      const address = cases[i];
      const locale = i % 2 ? 'en' : 'zh';
      // Half by header, half by the remembered language (the default language when zh).
      const headers: Record<string, string> =
        i % 4 === 1 ? { 'x-locale': 'en' } : i % 4 === 3 ? { cookie: 'NEXT_LOCALE=en' } : { cookie: 'NEXT_LOCALE=zh' };
      const method = i % 3 === 0 ? 'post' : 'get';
      const res = await request[method](address, { headers, maxRedirects: 0, ...(method === 'post' ? { data: {} } : {}) });
      const text = await res.text();
      const body = (() => {
        try {
          return JSON.parse(text) as { code?: number; message?: string; data?: unknown; error?: string };
        } catch {
          return null;
        }
      })();
      const ok =
        res.status() === 400 &&
        body?.code === 400 &&
        body.error === 'INVALID_ADDRESS' &&
        body.message === MESSAGES[locale] &&
        body.data === null;
      if (!ok) findings.push(`${method.toUpperCase()} ${address} [${locale}] → ${res.status()} ${text.slice(0, 80)}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  console.info(`[encoded-paths] ${cases.length} addresses, ${findings.length} findings`);
  expect(findings.slice(0, 30), `${findings.length} of ${cases.length}`).toEqual([]);
});

test('API addresses whose encoding decodes (a slash in a segment, a dot-dot) never answer 5xx', async ({ request }) => {
  test.setTimeout(300_000);
  const cases = ROUTES.flatMap((parts) => DECODABLE.flatMap((bad) => addressesWith(parts, bad)));
  const findings: string[] = [];
  let index = 0;
  const worker = async () => {
    while (index < cases.length) {
      const address = cases[index++];
      const res = await request.get(address, { headers: { 'x-locale': 'en' }, maxRedirects: 0 });
      const text = await res.text();
      const json = (res.headers()['content-type'] ?? '').includes('application/json');
      if (res.status() >= 500) findings.push(`${address} → ${res.status()} ${text.slice(0, 80)}`);
      // (A GET on a POST-only handler is Next's own empty 405; any JSON answer is the envelope.)
      else if (json && typeof (JSON.parse(text) as { code?: unknown }).code !== 'number') findings.push(`${address} → no envelope`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  expect(findings.slice(0, 30), `${findings.length} of ${cases.length}`).toEqual([]);
});
