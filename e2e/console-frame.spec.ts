import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '@/db/seed';
import { expectNoSerious } from './support/axe';
import { expect, test, waitForHydrationOnGoto } from './support/test';

/**
 * The console of its own (issue 25 point 2): /console is drawn in the platform's frame — the platform's name and its
 * own links, no conference name, menu, registration link or countdown — even on a conference's address; the platform
 * administrator finds every conference there (status, dates, registrants, paid money, what waits for them),
 * searches and filters it, and opens a conference's management; a manager sees only theirs. At 375 px, zh and en.
 */
const PHONE: BrowserContextOptions = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };
const LANGS = [
  { prefix: '', locale: 'zh-CN', search: '搜索', apply: '筛选', waiting: '待我处理（发布或域名申请）' },
  { prefix: '/en', locale: 'en-GB', search: 'Search', apply: 'Filter', waiting: 'Waiting for me (publication or domain)' },
] as const;

async function signedIn(browser: Browser, account: { email: string; password: string }, locale: string): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, locale });
  const answer = await context.request.post('/api/base/oauth/localLogin', { data: account });
  expect(answer.status(), `login as ${account.email}`).toBe(200);
  return waitForHydrationOnGoto(await context.newPage());
}

for (const lang of LANGS) {
  test(`the platform administrator's console is the platform's own, with every conference (${lang.locale})`, async ({ browser }) => {
    const page = await signedIn(browser, DEMO_ACCOUNTS.platformAdmin, lang.locale);
    await page.goto(`${lang.prefix}/console`);
    await expect(page.getByTestId('platform-header')).toBeVisible();
    await expect(page.getByTestId('site-name')).toHaveCount(0);
    await expect(page.getByTestId('registration-countdown')).toHaveCount(0);
    await expect(page.locator('footer')).toHaveCount(0);

    const overview = page.getByTestId('platform-conferences');
    const search = overview.getByLabel(lang.search);
    await expect(search).toBeInViewport();
    await search.fill('demo');
    await overview.getByRole('button', { name: lang.apply }).click();
    await expect(page).toHaveURL(/[?&]q=demo/);
    const demo = page.getByTestId('platform-conference-list').locator('[data-conference="demo"]');
    await expect(demo).toBeVisible();
    expect(Number(await demo.getByTestId('conference-registrants').textContent())).toBeGreaterThan(0);
    await expect(demo.getByTestId('conference-revenue')).toContainText(/\d/);
    const manage = demo.getByTestId('manage-conference');
    await manage.scrollIntoViewIfNeeded();
    await expect(manage).toBeInViewport();
    expect(await manage.getAttribute('href')).toMatch(new RegExp(`^http://demo\\.localhost:\\d+${lang.prefix}/platform$`));
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(375);

    // Only what waits for the administrator: a search that matches nothing says so.
    await page.goto(`${lang.prefix}/console?status=waiting&q=${encodeURIComponent('no-such-conference-%_')}`);
    await expect(overview.getByTestId('platform-conferences-status')).toHaveValue('waiting');
    await expect(page.getByTestId('platform-conferences-empty')).toBeVisible();
    await expectNoSerious(page, `the platform console (${lang.locale})`);
    await page.context().close();
  });
}

test('a manager’s console lists their conferences in the platform frame, not every conference', async ({ browser }) => {
  const page = await signedIn(browser, DEMO_ACCOUNTS.manager, 'zh-CN');
  await page.goto('/console?q=demo');
  await expect(page.getByTestId('platform-header')).toBeVisible();
  await expect(page.getByTestId('my-conferences').locator('[data-conference="demo"]')).toBeVisible();
  await expect(page.getByTestId('platform-conferences')).toHaveCount(0);
  await page.context().close();
});
