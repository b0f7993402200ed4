import { allowConsoleError, expect, test } from './support/test';
import { DEMO_ACCOUNTS } from '@/db/seed';
import { hostUrl } from './support/env';
import { E2E } from './support/fixtures-data';
import { login } from './support/helpers';

test.describe('route guard', () => {
  for (const [prefix, heading] of [
    ['', '登录'],
    ['/en', 'Log in'],
  ] as const) {
    test(`anonymous visitor is sent to login and comes back (${prefix || 'zh'})`, async ({ page }) => {
      await page.goto(`${prefix}/profile/userInfo/Edit`);
      await expect(page).toHaveURL(new RegExp(`${prefix}/conferencelogin\\?redirect=%2Fprofile%2FuserInfo%2FEdit$`));
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      const form = page.getByTestId('login-form');
      await form.locator('input[name="email"]').fill(DEMO_ACCOUNTS.participant.email);
      await form.locator('input[name="password"]').fill(DEMO_ACCOUNTS.participant.password);
      await form.locator('button[type="submit"]').click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/profile/userInfo/Edit$`));
    });
  }

  test('a participant is refused the admin area with /403, in both languages', async ({ page }) => {
    await login(page, DEMO_ACCOUNTS.participant.email, DEMO_ACCOUNTS.participant.password);
    await page.goto('/platform');
    await expect(page).toHaveURL(/\/403$/);
    await expect(page.getByRole('heading', { name: '没有访问权限' })).toBeVisible();
    await page.goto('/en/platform');
    await expect(page).toHaveURL(/\/en\/403$/);
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  });

  test('a reviewer is confined to the submission area and lands on its page', async ({ page }) => {
    await login(page, DEMO_ACCOUNTS.reviewer.email, DEMO_ACCOUNTS.reviewer.password, '/en');
    await page.goto('/en/platform');
    await expect(page).toHaveURL(/\/en\/platform\/submissionManage\/user$/);
    await expect(page.getByTestId('reviewer-home')).toHaveText('My review assignments');
    await page.goto('/platform/submissionManage/user');
    await expect(page.getByTestId('reviewer-home')).toHaveText('我的审稿任务');
  });

  test('a manager opens the admin area and sees the conference overview', async ({ page }) => {
    await login(page, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    await page.getByTestId('nav-platform').click();
    await expect(page).toHaveURL(/\/platform$/);
    await expect(page.getByTestId('conference-status')).toHaveText('已发布');
    await expect(page.getByTestId('registrant-count')).toContainText('/ 500');
  });

  test('an unpublished conference shows /unpublished to visitors and participants, not to its manager', async ({ page }) => {
    await page.goto(hostUrl(E2E.draftSlug, '/'));
    await expect(page).toHaveURL(hostUrl(E2E.draftSlug, '/unpublished'));
    await expect(page.getByRole('heading', { name: '会议尚未发布' })).toBeVisible();
    await page.goto(hostUrl(E2E.draftSlug, '/en/conferenceRegister'));
    await expect(page).toHaveURL(hostUrl(E2E.draftSlug, '/en/unpublished'));
    await expect(page.getByRole('heading', { name: 'Not published yet' })).toBeVisible();

    await page.goto(hostUrl(E2E.draftSlug, '/conferencelogin'));
    let form = page.getByTestId('login-form');
    await form.locator('input[name="email"]').fill(DEMO_ACCOUNTS.participant.email);
    await form.locator('input[name="password"]').fill(DEMO_ACCOUNTS.participant.password);
    await form.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(hostUrl(E2E.draftSlug, '/unpublished'));
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(hostUrl(E2E.draftSlug, '/conferencelogin?sso=0'));

    await page.goto(hostUrl(E2E.draftSlug, '/conferencelogin?redirect=%2F'));
    form = page.getByTestId('login-form');
    await form.locator('input[name="email"]').fill(E2E.draftManager);
    await form.locator('input[name="password"]').fill(E2E.password);
    await form.locator('button[type="submit"]').click();
    // A sign-in begun on the home page lands by role (lib/accounts/landing.ts): the manager on /platform.
    await expect(page).toHaveURL(hostUrl(E2E.draftSlug, '/platform'));
    await page.goto(hostUrl(E2E.draftSlug, '/'));
    await expect(page).toHaveURL(hostUrl(E2E.draftSlug, '/'));
    await expect(page.getByTestId('conference-title')).toHaveText('未发布的会议');
  });

  test('?autologon sends a visitor to log in and back', async ({ page }) => {
    await page.goto('/profile/userInfo?autologon=1');
    await expect(page).toHaveURL(/\/conferencelogin\?redirect=%2Fprofile%2FuserInfo$/);
    await login(page, DEMO_ACCOUNTS.participant.email, DEMO_ACCOUNTS.participant.password);
    await page.goto('/?autologon=1&x=2');
    await expect(page).toHaveURL(/\/\?x=2$/);
  });

  test('unknown paths answer the 404 screen with a 404 status, in place', async ({ page, request }) => {
    // The browser reports each 404 page it is sent to.
    allowConsoleError(/status of 404 \(Not Found\) @ \S+\/(no\/such\/page|en\/no-such-page)$/);
    const zh = await page.goto('/no/such/page');
    expect(zh?.status()).toBe(404);
    await expect(page).toHaveURL(/\/no\/such\/page$/);
    await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
    const en = await page.goto('/en/no-such-page');
    expect(en?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    for (const path of ['/page/%ZZ', '/page/99999999999', '/en/page/%00', '/404']) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
    const api = await request.get('/api/no/such/call');
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ code: 404, error: 'NOT_FOUND', data: null });
    const apiPost = await request.post('/api/conference/nothing', { data: {} });
    expect(apiPost.status()).toBe(404);
  });
});

test.describe('expired session', () => {
  test('on a page: one notice on the login page, with the way back', async ({ page, context }) => {
    await context.addCookies([{ name: 'confhub.session_token', value: 'expired.token', url: hostUrl(null, '/') }]);
    await page.goto('/en/profile/userInfo');
    await expect(page).toHaveURL(/\/en\/conferencelogin\?redirect=%2Fprofile%2FuserInfo&expired=1$/);
    await expect(page.getByTestId('session-expired')).toHaveText('Your session has expired. Please log in again.');
    expect((await context.cookies()).some((c) => c.name === 'confhub.session_token')).toBe(false);
    await page.goto('/en/conferencelogin');
    await expect(page.getByTestId('session-expired')).toHaveCount(0);
  });

  test('on a public page: the page renders for an anonymous visitor, no detour to the login page', async ({ page, context }) => {
    await context.addCookies([{ name: 'confhub.session_token', value: 'expired.token', url: hostUrl(null, '/') }]);
    await page.goto('/');
    await expect(page).toHaveURL(hostUrl(null, '/'));
    await expect(page.getByTestId('conference-title')).toBeVisible();
    await expect(page.getByTestId('session-expired')).toHaveCount(0);
  });

  test('on a call: one alert, then the login page with the way back', async ({ page, context }) => {
    await login(page, DEMO_ACCOUNTS.participant.email, DEMO_ACCOUNTS.participant.password);
    await page.goto('/profile/userInfo/Edit');
    await context.addCookies([{ name: 'confhub.session_token', value: 'expired.token', url: hostUrl(null, '/') }]);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await page.getByTestId('profile-form').locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/conferencelogin\?redirect=%2Fprofile%2FuserInfo%2FEdit/);
    expect(dialogs).toEqual(['登录已过期，请重新登录']);
  });
});

test.describe('languages', () => {
  test('Chinese at /, English at /en, and the switch is remembered', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByTestId('conference-title')).toHaveText('2026 全国科学数据与开放科学大会');
    await page.getByTestId('language-switch').click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByTestId('conference-title')).toHaveText('2026 National Conference on Scientific Data and Open Science');
    expect(await page.evaluate(() => window.localStorage.getItem('locale'))).toBe('en');
    await page.goto('/conferencelogin');
    await expect(page).toHaveURL(/\/en\/conferencelogin$/);
    await page.getByTestId('language-switch').click();
    await expect(page).toHaveURL(/\/conferencelogin$/);
    await expect(page.getByRole('heading', { name: '登录', exact: true })).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(hostUrl(null, '/'));
  });

  test('a Chinese-only conference shows Chinese to a visitor who chose English elsewhere, without a loop', async ({ page, context }) => {
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'en', url: hostUrl(E2E.chineseOnlySlug, '/') }]);
    await page.goto(hostUrl(E2E.chineseOnlySlug, '/en'));
    await expect(page).toHaveURL(hostUrl(E2E.chineseOnlySlug, '/'));
    await expect(page.getByTestId('conference-title')).toHaveText('中文研讨会');
    await page.goto(hostUrl(E2E.chineseOnlySlug, '/'));
    await expect(page.getByTestId('conference-title')).toHaveText('中文研讨会');
  });

  test('an English-only conference forces English and hides the switch', async ({ page }) => {
    await page.goto(hostUrl(E2E.englishOnlySlug, '/'));
    await expect(page).toHaveURL(hostUrl(E2E.englishOnlySlug, '/en'));
    await expect(page.getByTestId('conference-title')).toHaveText('International Workshop');
    await expect(page.getByTestId('language-switch')).toHaveCount(0);
  });
});
