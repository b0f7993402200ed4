import { request as httpRequest } from 'node:http';
import { DEMO_ACCOUNTS } from '@/db/seed';
import { E2E } from './support/fixtures-data';
import { E2E_PORT } from './support/env';
import { expect, test } from './support/test';

/**
 * The anonymous page cache must never hand a signed-in caller's page to anybody else: a manager's
 * preview of a draft page and an unpublished conference's home, asked for with a bearer token or
 * a session cookie, are then asked for by an anonymous visitor, who must not see them.
 * Each call is one plain HTTP exchange: it carries exactly the credential given to it, no cookie jar.
 */
type Answer = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

/** One HTTP exchange with the app on loopback, as `<slug>.localhost` (Node does not resolve those names itself). */
function call(
  slug: string | null,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: E2E_PORT,
        path,
        method: init.method ?? 'GET',
        headers: { host: `${slug ? `${slug}.` : ''}localhost:${E2E_PORT}`, 'accept-encoding': 'identity', ...init.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

async function signIn(slug: string | null, email: string, password: string): Promise<{ token: string; cookie: string }> {
  const res = await call(slug, '/api/base/oauth/localLogin', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  const { data } = JSON.parse(res.text) as { data: { token: string } };
  const cookie = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
  expect(cookie).toContain('confhub.session_token=');
  return { token: data.token, cookie };
}

const get = (slug: string | null, path: string, headers: Record<string, string> = {}) => call(slug, path, { headers });

test('a draft page previewed with a bearer token or a cookie never reaches an anonymous visitor', async () => {
  const manager = await signIn(null, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  const secret = `draft-secret-${Date.now()}`;
  const saved = await call(null, '/api/conference/platform/config/page/save', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${manager.token}` },
    body: JSON.stringify({ name: { zh: secret, en: secret }, content: { zh: `<p>${secret}</p>`, en: `<p>${secret}</p>` } }),
  });
  expect(saved.status).toBe(200);
  const { data: page } = JSON.parse(saved.text) as { data: { id: number } };

  for (const credential of [{ authorization: `Bearer ${manager.token}` }, { cookie: manager.cookie }] as Record<string, string>[]) {
    for (const path of [`/page/${page.id}`, `/en/page/${page.id}`]) {
      const preview = await get(null, path, credential);
      expect(preview.status).toBe(200);
      expect(preview.headers['x-confhub-cache']).toBeUndefined();
      expect(preview.text).toContain(secret);
      for (let i = 0; i < 3; i++) {
        const anonymous = await get(null, path);
        expect(anonymous.headers['x-confhub-cache']).not.toBe('hit');
        expect(anonymous.text).not.toContain(secret);
      }
    }
  }
});

test("an unpublished conference's home rendered for its manager never reaches an anonymous visitor", async () => {
  const manager = await signIn(E2E.draftSlug, E2E.draftManager, E2E.password);
  const title = 'An Unpublished Conference';
  for (const credential of [{ authorization: `Bearer ${manager.token}` }, { cookie: manager.cookie }] as Record<string, string>[]) {
    const mine = await get(E2E.draftSlug, '/en', credential);
    expect(mine.status).toBe(200);
    expect(mine.text).toContain(title);
    for (let i = 0; i < 3; i++) {
      const anonymous = await get(E2E.draftSlug, '/en');
      expect(anonymous.status).toBe(307);
      expect(anonymous.headers.location).toContain('/unpublished');
      expect(anonymous.text).not.toContain(title);
    }
  }
});

test('a stale session cookie on a public page renders the page as anonymous', async () => {
  const res = await get(null, '/en', { cookie: 'confhub.session_token=stale.token' });
  expect(res.status).toBe(200);
  expect(res.headers['x-confhub-cache']).toBeUndefined();
  const html = res.text;
  expect(html).toContain('data-testid="conference-title"');
});
