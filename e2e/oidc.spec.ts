import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '@/db/seed';
import { callbackUris, OidcStandin } from '@/testing/standins/oidc';
import { BASE_URL } from './support/env';
import { waitForApp } from './support/helpers';
import { expect, test } from './support/test';

/**
 * Organisation and central sign-in in a real browser, in each language, through a real OpenID
 * Connect provider (`oidc-provider`, the stand-in of testing/standins/oidc.ts) running in this test process
 * on loopback. The platform administrator configures it through the API as an organisation (a
 * shortcut logo and a list entry) and as the central account system. An organisation login by a
 * new account lands on /conferenceRegister; a forged callback is refused in the page's language;
 * ?autologon signs in through the central system when a session exists there, and otherwise goes
 * back to the page without looping; a 401 on a call alerts once and goes through the central login
 * back to the page, signed in. The central system is switched on only for its test.
 */

type Lang = { prefix: '' | '/en'; expired: string; stateInvalid: string; backToLogin: string; loginWith: (name: string) => string };
const ZH: Lang = {
  prefix: '',
  expired: '登录已过期，请重新登录',
  stateInvalid: '登录链接无效或已使用，请重新登录',
  backToLogin: '返回登录',
  loginWith: (name) => `通过 ${name} 登录`,
};
const EN: Lang = {
  prefix: '/en',
  expired: 'Your session has expired. Please log in again.',
  stateInvalid: 'This login link is invalid or was already used; please log in again',
  backToLogin: 'Back to login',
  loginWith: (name) => `Log in with ${name}`,
};

const SECRET = 'e2e-standin-client-secret-7788';
const run = Date.now().toString(36);
let standin: OidcStandin;
let adminToken: string;
const ids: Record<string, number> = {};

async function admin(request: APIRequestContext, method: 'post' | 'put', path: string, data: unknown) {
  const answer = await request[method](path, { data, headers: { authorization: `Bearer ${adminToken}` } });
  const body = await answer.text();
  expect(answer.status(), body).toBe(200);
  expect(body).not.toContain(SECRET);
  return JSON.parse(body) as { data: { id: number } };
}

const provider = (over: Record<string, unknown>) => ({
  kind: 'organisation',
  entityId: `https://idp.e2e-${run}.example.org`,
  federation: 'local',
  issuer: standin.issuer,
  clientId: 'confhub-e2e',
  clientSecret: SECRET,
  shortcutOrder: null,
  enabled: true,
  ...over,
});

/** Fills the stand-in's login form (the provider's own page). */
async function signInAtProvider(page: Page, email: string, password: string) {
  await page.waitForURL((url) => url.origin === standin.issuer);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('#standin-login button[type="submit"]').click();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  standin = await OidcStandin.start({ clients: [{ clientId: 'confhub-e2e', clientSecret: SECRET, redirectUris: callbackUris(BASE_URL) }] });
  for (const lang of ['zh', 'en']) {
    standin.addAccount({
      sub: `org-${lang}`,
      email: `org-${lang}-${run}@e2e-university.example.org`,
      password: 'Org-pass-2026',
      name: `Org ${lang}`,
    });
    standin.addAccount({
      sub: `cen-${lang}`,
      email: `central-${lang}-${run}@cstnet.example.org`,
      password: 'Cen-pass-2026',
      name: `Central ${lang}`,
    });
  }
  const login = await request.post('/api/base/oauth/localLogin', {
    data: { email: DEMO_ACCOUNTS.platformAdmin.email, password: DEMO_ACCOUNTS.platformAdmin.password },
  });
  adminToken = ((await login.json()) as { data: { token: string } }).data.token;
  ids.shortcut = (
    await admin(
      request,
      'post',
      '/api/console/identity',
      provider({ slug: `e2e-org-${run}`, nameZh: '端到端大学', nameEn: 'E2E University', shortcutOrder: 3 }),
    )
  ).data.id;
  ids.listed = (
    await admin(
      request,
      'post',
      '/api/console/identity',
      provider({ slug: `e2e-inst-${run}`, nameZh: '端到端研究所', nameEn: 'E2E Institute' }),
    )
  ).data.id;
});

test.afterAll(async ({ request }) => {
  for (const [key, slug, names] of [
    ['shortcut', `e2e-org-${run}`, { nameZh: '端到端大学', nameEn: 'E2E University', shortcutOrder: 3 }],
    ['listed', `e2e-inst-${run}`, { nameZh: '端到端研究所', nameEn: 'E2E Institute' }],
    ['central', `e2e-central-${run}`, { kind: 'central', nameZh: '中心账号', nameEn: 'Central account' }],
  ] as const) {
    if (ids[key])
      await admin(request, 'put', `/api/console/identity/${ids[key]}`, provider({ slug, ...names, clientSecret: '', enabled: false }));
  }
  await standin?.close();
});

for (const lang of [ZH, EN]) {
  const code = lang.prefix ? 'en' : 'zh';

  test(`organisation login lands a new account on /conferenceRegister (${code})`, async ({ page }) => {
    // Chinese from the login page, English from /register (open on the demo conference): both have the side.
    await page.goto(code === 'zh' ? '/conferencelogin' : '/en/register');
    const side = page.getByTestId('organisation-login');
    if (code === 'zh') {
      // The shortcut logo (initials: no logo configured), named for screen readers.
      await side.getByRole('link', { name: lang.loginWith('端到端大学') }).click();
    } else {
      // The browser's own suggestions (a datalist) are not part of the page: the name typed is what counts.
      await side.getByTestId('org-select').fill('E2E Institute');
      await side.getByTestId('org-go').click();
    }
    await signInAtProvider(page, `org-${code}-${run}@e2e-university.example.org`, 'Org-pass-2026');
    await expect(page).toHaveURL(`${BASE_URL}${lang.prefix}/conferenceRegister`, { timeout: 20_000 });
    await waitForApp(page);
    const me = await page.request.get('/api/base/user/info');
    expect(((await me.json()) as { data: { email: string; registered: boolean } }).data).toMatchObject({
      email: `org-${code}-${run}@e2e-university.example.org`,
      registered: false,
    });

    // A forged callback is refused in the page's language, with the way back to login.
    await page.goto(`${lang.prefix}/oidcLogin?code=stolen&state=forged-${run}`);
    await expect(page.getByTestId('oidc-error')).toContainText(lang.stateInvalid);
    await expect(page.getByTestId('back-to-login')).toHaveText(lang.backToLogin);
  });

  test(`?autologon signs in through the central system when a session exists there (${code})`, async ({ page, browser, request }) => {
    const central = provider({ kind: 'central', slug: `e2e-central-${run}`, nameZh: '中心账号', nameEn: 'Central account' });
    if (ids.central) await admin(request, 'put', `/api/console/identity/${ids.central}`, { ...central, clientSecret: '' });
    else ids.central = (await admin(request, 'post', '/api/console/identity', central)).data.id;
    try {
      // First a visitor without a session there: back on the address (without autologon), no loop.
      const stranger = await browser.newContext();
      const strangerPage = await stranger.newPage();
      await strangerPage.goto(`${lang.prefix}/?autologon=1`);
      await expect(strangerPage).toHaveURL(`${BASE_URL}${lang.prefix || '/'}`);
      await stranger.close();

      // Sign in once through the central system (the login page's button), then leave the app only.
      await page.goto(`${lang.prefix}/conferencelogin?redirect=%2Fprofile%2Forder%2Flist`);
      await page.getByTestId('central-login').click();
      await signInAtProvider(page, `central-${code}-${run}@cstnet.example.org`, 'Cen-pass-2026');
      await expect(page).toHaveURL(`${BASE_URL}${lang.prefix}/profile/order/list`, { timeout: 20_000 });
      await page.context().clearCookies({ domain: 'localhost' });
      expect((await page.request.get('/api/base/user/info')).status()).toBe(401);

      // The session at the central system signs the visitor in again, silently.
      await page.goto(`${lang.prefix}/profile/userInfo?autologon=1`);
      await expect(page).toHaveURL(`${BASE_URL}${lang.prefix}/profile/userInfo`);
      await expect(page.getByTestId('profile-email')).toHaveText(`central-${code}-${run}@cstnet.example.org`);

      // A 401 on a call: the session-expired alert once, then the central login with this address as
      // its state; the central session brings the visitor back here, signed in again.
      await page.goto(`${lang.prefix}/profile/userInfo/Edit`);
      await waitForApp(page);
      await page.context().addCookies([{ name: 'confhub.session_token', value: 'expired.token', url: `${BASE_URL}/` }]);
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.accept();
      });
      const exchanged = page.waitForResponse((r) => r.url().endsWith('/api/base/oauth/login') && r.request().method() === 'POST');
      await page.getByTestId('profile-form').locator('button[type="submit"]').click();
      expect((await exchanged).status()).toBe(200);
      await expect(page).toHaveURL(`${BASE_URL}${lang.prefix}/profile/userInfo/Edit`, { timeout: 20_000 });
      expect(dialogs).toEqual([lang.expired]);
      expect((await page.request.get('/api/base/user/info')).status()).toBe(200);
    } finally {
      await admin(request, 'put', `/api/console/identity/${ids.central}`, { ...central, clientSecret: '', enabled: false });
    }
  });
}
