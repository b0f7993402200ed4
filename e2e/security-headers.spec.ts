import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '@/db/seed';
import { hostUrl } from './support/env';
import { E2E } from './support/fixtures-data';
import { login } from './support/helpers';
import { allowConsoleError, expect, test } from './support/test';

/** Records every Content-Security-Policy violation the page reports, from its first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations ?? []);
}

test('every page and API answer carries the security headers; page scripts run only with the nonce', async ({ request }) => {
  const page = await request.get('/conferencelogin');
  const csp = page.headers()['content-security-policy'];
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(page.headers()['x-content-type-options']).toBe('nosniff');
  expect(page.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const nonce = /'nonce-([^']+)'/.exec(csp)![1];
  const html = await page.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  // A second request gets a nonce of its own.
  expect((await request.get('/conferencelogin')).headers()['content-security-policy']).not.toContain(nonce);

  for (const path of ['/api/conference/platform/findConferenceStatus', '/api/no/such/call']) {
    const api = await request.get(path);
    expect(api.headers()['content-security-policy'], path).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers()['x-content-type-options'], path).toBe('nosniff');
  }
});

test('the login page cannot be framed by another origin', async ({ page }) => {
  // The 404 page it starts from, and the browser refusing the frame, are what the test provokes.
  allowConsoleError(/status of 404 \(Not Found\) @ \S+\/en\/404$/);
  allowConsoleError(
    /frame-ancestors|X-Frame-Options|Refused to (display|frame)|^Framing '\S+' violates the following Content Security Policy/,
  );
  await page.goto(hostUrl(E2E.englishOnlySlug, '/en/404'));
  const login = hostUrl(null, '/conferencelogin');
  const loaded = page.waitForEvent('framenavigated', { predicate: (f) => f !== page.mainFrame() });
  await page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.src = src;
    document.body.append(frame);
  }, login);
  const frame = await loaded;
  await frame.waitForLoadState('domcontentloaded').catch(() => undefined);
  // Chromium puts its own error page in place of a refused document.
  expect(await frame.locator('[data-testid="login-form"]').count()).toBe(0);
  expect(frame.url()).not.toBe(login);
});

test('no policy violation on the public, profile and platform pages', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);
  const visit = async (path: string) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await violations(), path).toEqual([]);
  };
  for (const path of ['/', '/en', '/conferencelogin', '/en/userRegister', '/conferenceRegister']) await visit(path);
  await login(page, DEMO_ACCOUNTS.participant.email, DEMO_ACCOUNTS.participant.password);
  for (const path of ['/profile/userInfo', '/en/profile/order/list']) await visit(path);
  await page.context().clearCookies();
  await login(page, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  for (const path of [
    '/platform',
    '/platform/config/website',
    '/platform/config/page/add',
    '/en/platform/config/template/add',
    '/platform/config/register',
  ])
    await visit(path);
});
