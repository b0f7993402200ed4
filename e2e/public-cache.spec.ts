import { DEMO_ACCOUNTS } from '@/db/seed';
import { E2E } from './support/fixtures-data';
import { hostUrl } from './support/env';
import { expect, test } from './support/test';

/**
 * The anonymous page cache must never hand a signed-in caller's page to anybody else: a manager's
 * preview of a draft page and an unpublished conference's home, asked for with a bearer token or
 * a session cookie, are then asked for by an anonymous visitor, who must not see them.
 * Node's fetch keeps no cookies, so each call carries exactly the credential given to it.
 */
async function signIn(slug: string | null, email: string, password: string): Promise<{ token: string; cookie: string }> {
  const res = await fetch(hostUrl(slug, '/api/base/oauth/localLogin'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { token: string } };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  expect(cookie).toContain('confhub.session_token=');
  return { token: data.token, cookie };
}

const get = (slug: string | null, path: string, headers: Record<string, string> = {}) =>
  fetch(hostUrl(slug, path), { headers: { 'accept-encoding': 'identity', ...headers }, redirect: 'manual' });

test('a draft page previewed with a bearer token or a cookie never reaches an anonymous visitor', async () => {
  const manager = await signIn(null, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  const secret = `draft-secret-${Date.now()}`;
  const saved = await fetch(hostUrl(null, '/api/conference/platform/config/page/save'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${manager.token}` },
    body: JSON.stringify({ name: { zh: secret, en: secret }, content: { zh: `<p>${secret}</p>`, en: `<p>${secret}</p>` } }),
  });
  expect(saved.status).toBe(200);
  const { data: page } = (await saved.json()) as { data: { id: number } };

  for (const credential of [{ authorization: `Bearer ${manager.token}` }, { cookie: manager.cookie }] as Record<string, string>[]) {
    for (const path of [`/page/${page.id}`, `/en/page/${page.id}`]) {
      const preview = await get(null, path, credential);
      expect(preview.status).toBe(200);
      expect(preview.headers.get('x-confhub-cache')).toBeNull();
      expect(await preview.text()).toContain(secret);
      for (let i = 0; i < 3; i++) {
        const anonymous = await get(null, path);
        expect(anonymous.headers.get('x-confhub-cache')).not.toBe('hit');
        expect(await anonymous.text()).not.toContain(secret);
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
    expect(await mine.text()).toContain(title);
    for (let i = 0; i < 3; i++) {
      const anonymous = await get(E2E.draftSlug, '/en');
      expect(anonymous.status).toBe(307);
      expect(anonymous.headers.get('location')).toContain('/unpublished');
      expect(await anonymous.text()).not.toContain(title);
    }
  }
});

test('a stale session cookie on a public page renders the page as anonymous', async () => {
  const res = await get(null, '/en', { cookie: 'confhub.session_token=stale.token' });
  expect(res.status).toBe(200);
  expect(res.headers.get('x-confhub-cache')).toBeNull();
  const html = await res.text();
  expect(html).toContain('data-testid="conference-title"');
});
