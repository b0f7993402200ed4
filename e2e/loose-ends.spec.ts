import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '@/db/seed';
import { hostUrl } from './support/env';
import { E2E } from './support/fixtures-data';
import { login } from './support/helpers';
import { allowConsoleError, expect, test, waitForHydrationOnGoto } from './support/test';

/**
 * The spec's loose ends (issue 22 point 8), each in both languages: the reviewer page by account id
 * (§2), the review overview offered to the chair only (§6), a wrong method's 405 envelope, "not
 * found" for a receipt or payment that is not there or not yours, a missing page's editor answering
 * 404, a new call asking for both files (§5), the 600 s client timeout and the chunk-load prompt
 * (§8, §9), and whole numbers on the chart axes.
 */
const LANGS = [
  {
    prefix: '',
    locale: 'zh-CN',
    xLocale: 'zh',
    reviewerInfo: '审稿专家详情',
    methodNotAllowed: '此地址不支持该请求方式',
    receiptNotFound: '未找到该收据：您没有这个订单。',
    billNotFound: '未找到该支付记录。',
    timeout: '服务器 10 分钟内没有响应，请稍后重试',
    chunkFailed: '页面部分内容加载失败，请刷新页面。',
    reload: '刷新',
    paidTemplates: ['注册费支付成功', '可选费用支付成功', '酒店费用支付成功'],
    paidPreview: '注册费支付成功',
  },
  {
    prefix: '/en',
    locale: 'en-GB',
    xLocale: 'en',
    reviewerInfo: 'Reviewer details',
    methodNotAllowed: 'This address does not take this kind of request.',
    receiptNotFound: 'This receipt was not found: there is no such order of yours.',
    billNotFound: 'This payment was not found.',
    timeout: 'The server did not answer within 10 minutes. Please try again.',
    chunkFailed: 'Part of this page could not be loaded. Please reload the page.',
    reload: 'Reload',
    paidTemplates: ['Registration fee paid', 'Optional fee paid', 'Hotel booking paid'],
    paidPreview: 'Registration fee paid',
  },
] as const;

const OVERVIEW = '/platform/submissionManage/index';
/** The overview entry of the admin menu, whether a link or a choice of a collapsed menu. */
const overviewEntry = (page: Page) => page.locator(`a[href$="${OVERVIEW}"], option[value$="${OVERVIEW}"]`);

const opened: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of opened.splice(0)) await context.close();
});

async function signedIn(browser: Browser, locale: string, email: string, password: string, prefix: string, slug: string | null = null) {
  const context = await browser.newContext({ locale, baseURL: hostUrl(slug, '') });
  opened.push(context);
  const page = waitForHydrationOnGoto(await context.newPage());
  await login(page, email, password, prefix);
  return page;
}

for (const lang of LANGS) {
  test.describe(`${lang.xLocale}: the spec's loose ends`, () => {
    test('the reviewer page is addressed by the account id (§2); the list links it so', async ({ browser }) => {
      const page = await signedIn(browser, lang.locale, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password, lang.prefix);
      const list = (await (await page.request.get('/api/conference/platform/manage/review?q=reviewer%40confhub.test')).json()) as {
        data: { rows: { id: number; userId: string | null; email: string }[] };
      };
      const demo = list.data.rows.find((r) => r.email === DEMO_ACCOUNTS.reviewer.email)!;
      expect(demo.userId).toBeTruthy();
      await page.goto(`${lang.prefix}/platform/manage/reviewer`);
      const link = page
        .locator('[data-testid="reviewer-row"]', { has: page.getByText(DEMO_ACCOUNTS.reviewer.email) })
        .getByTestId('reviewer-details');
      await expect(link).toHaveAttribute('href', `${lang.prefix}/platform/manage/reviewer/info/${demo.userId}`);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/platform/manage/reviewer/info/${demo.userId}$`));
      await expect(page.getByTestId('reviewer-info-title')).toContainText(lang.reviewerInfo);
      // The reviewer row's own number is no account id.
      allowConsoleError(/status of 404/);
      expect((await page.goto(`${lang.prefix}/platform/manage/reviewer/info/${demo.id}`))?.status()).toBe(404);
    });

    test('a plain reviewer is not offered the review overview; the chair is (§6)', async ({ browser }) => {
      const reviewer = await signedIn(browser, lang.locale, DEMO_ACCOUNTS.reviewer.email, DEMO_ACCOUNTS.reviewer.password, lang.prefix);
      await reviewer.goto(`${lang.prefix}/platform/submissionManage/user`);
      await expect(
        reviewer.locator('a[href$="/platform/submissionManage/user"], option[value$="/platform/submissionManage/user"]').first(),
      ).toBeAttached();
      await expect(overviewEntry(reviewer)).toHaveCount(0);
      const chair = await signedIn(browser, lang.locale, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password, lang.prefix);
      await chair.goto(`${lang.prefix}/platform/submissionManage/user`);
      await expect(overviewEntry(chair).first()).toBeAttached();
    });

    test('the organiser words a payment confirmation for registration, optional and hotel payments each (§3)', async ({ browser }) => {
      const page = await signedIn(browser, lang.locale, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password, lang.prefix);
      await page.goto(`${lang.prefix}/platform/config/email`);
      const choose = page.getByTestId('mail-template-choose');
      for (const [value, label] of [
        ['registrationPaymentReceived', lang.paidTemplates[0]],
        ['optionalPaymentReceived', lang.paidTemplates[1]],
        ['hotelPaymentReceived', lang.paidTemplates[2]],
      ] as const) {
        await expect(choose.locator(`option[value="${value}"]`)).toHaveText(new RegExp(`^${label}`));
      }
      await choose.selectOption('registrationPaymentReceived');
      await expect(page.getByTestId(`mail-template-preview-${lang.xLocale}`)).toContainText(lang.paidPreview);
    });

    test('a wrong HTTP method answers the JSON envelope with 405 and Allow', async ({ request }) => {
      for (const [method, path, allow] of [
        ['POST', '/api/conference/pay/bills', 'GET'],
        ['DELETE', '/api/base/oauth/localLogin', 'POST'],
        ['PUT', '/api/health', 'GET'],
      ] as const) {
        const res = await request.fetch(hostUrl(null, path), {
          method,
          headers: { 'x-locale': lang.xLocale },
          data: method === 'DELETE' ? undefined : {},
        });
        expect(res.status(), `${method} ${path}`).toBe(405);
        expect(res.headers()['allow']).toContain(allow);
        expect(await res.json()).toEqual({ code: 405, error: 'METHOD_NOT_ALLOWED', message: lang.methodNotAllowed, data: null });
      }
    });

    test('a receipt or payment that is not there, or not yours, says "not found"', async ({ browser }) => {
      const owner = await signedIn(browser, lang.locale, DEMO_ACCOUNTS.participant.email, DEMO_ACCOUNTS.participant.password, lang.prefix);
      const orders = (await (await owner.request.get('/api/conference/order/list')).json()) as { data: { id: number }[] };
      const theirs = orders.data[0]?.id;
      expect(theirs).toBeDefined();
      const page = await signedIn(browser, lang.locale, E2E.registeredParticipant, E2E.password, lang.prefix);
      for (const id of [theirs, 2_147_483_000]) {
        await page.goto(`${lang.prefix}/profile/order/receipt/${id}`);
        await expect(page.getByTestId('receipt-not-found')).toHaveText(lang.receiptNotFound);
        await expect(page.getByTestId('receipt-missing')).toHaveCount(0);
      }
      await page.goto(`${lang.prefix}/profile/order/pay/goto/result/2147483000`);
      await expect(page.getByTestId('bill-not-found')).toHaveText(lang.billNotFound);
    });

    test('a page that is not there answers 404 in the page editor', async ({ browser }) => {
      const page = await signedIn(browser, lang.locale, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password, lang.prefix);
      allowConsoleError(/status of 404/);
      for (const id of ['2147483000', 'nope']) {
        expect((await page.goto(`${lang.prefix}/platform/config/page/edit/${id}`))?.status(), id).toBe(404);
      }
    });

    test('a new call for submissions asks for the abstract file and the full text (§5)', async ({ browser }) => {
      // The mail test's conference has no call saved: the form shows a new call's settings.
      const page = await signedIn(browser, lang.locale, E2E.postManager, E2E.password, lang.prefix, E2E.postSlug);
      await page.goto(`${lang.prefix}/platform/config/contribute`);
      await expect(page.getByTestId('cfp-abstractFileRequired')).toBeChecked();
      await expect(page.getByTestId('cfp-fullTextRequired')).toBeChecked();
    });

    test('the overview pages hydrate without an error (the fixture fails a test on any console error)', async ({ browser }) => {
      const page = await signedIn(browser, lang.locale, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password, lang.prefix);
      for (const path of [
        '/platform',
        OVERVIEW,
        '/platform/submissionManage/reviewList',
        '/platform/manage/contribute',
        '/platform/manage/order',
      ]) {
        await page.goto(`${lang.prefix}${path}`);
        await expect(page.locator('main')).toBeVisible();
      }
    });

    test('the overview chart counts in whole numbers', async ({ browser }) => {
      const page = await signedIn(browser, lang.locale, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password, lang.prefix);
      await page.goto(`${lang.prefix}/platform/manage/contribute`);
      // The demo has one submission: an axis from 0 to 1 would tick 0.25, 0.5, 0.75 without the fix.
      const chart = page.getByTestId('contribute-stats').locator('svg text');
      await expect(chart.filter({ hasText: /^\d/ }).first()).toBeVisible();
      const labels = (await chart.allTextContents()).map((l) => l.trim()).filter((l) => /^[\d.,]+$/.test(l));
      expect(labels.length, labels.join(' ')).toBeGreaterThan(1);
      for (const label of labels) expect(label, labels.join(' ')).toMatch(/^\d+$/);
    });

    test('a call without an answer gives up after 600 s and says so (§9)', async ({ page }) => {
      await page.clock.install();
      await page.goto(`${lang.prefix}/conferencelogin`);
      // The sign-in call never answers (the test provokes the browser's cancelled-request notice).
      allowConsoleError(/\/api\/base\/oauth\/localLogin/);
      let sent!: () => void;
      const called = new Promise<void>((resolve) => (sent = resolve));
      await page.route('**/api/base/oauth/localLogin', () => sent());
      const form = page.getByTestId('login-form');
      await form.locator('input[name="email"]').fill(DEMO_ACCOUNTS.participant.email);
      await form.locator('input[name="password"]').fill(DEMO_ACCOUNTS.participant.password);
      await form.locator('button[type="submit"]').click();
      // The 600 s count starts when the call leaves (after the form's own checks): the clock moves only from then
      // (a loaded runner validated after the first minutes had already been run, and the notice came a second late).
      await called;
      await page.clock.runFor(599_000);
      await expect(page.getByText(lang.timeout)).toHaveCount(0);
      await page.clock.runFor(1_000);
      await expect(page.getByText(lang.timeout).first()).toBeVisible();
    });

    for (const failure of ['fails', 'never arrives'] as const) {
      test(`a script chunk that ${failure} shows a reload prompt (§8, §9)`, async ({ browser }) => {
        const context = await browser.newContext({ locale: lang.locale });
        const page = await context.newPage();
        await page.clock.install();
        // The test breaks one of the page's scripts on purpose: the page reports it (and cannot start).
        allowConsoleError(/_next\/static|ChunkLoadError|chunk/i);
        let broken = '';
        await page.route('**/_next/static/chunks/**', async (route) => {
          const url = route.request().url();
          if (!broken && url.endsWith('.js')) broken = url;
          // Every request for that script (its preload and the script itself) fails, or is never answered.
          if (url === broken) {
            if (failure === 'fails') await route.abort();
            return;
          }
          await route.continue();
        });
        await page.goto(hostUrl(null, `${lang.prefix}/conferencelogin`), { waitUntil: 'commit' });
        await page.locator('body').waitFor({ state: 'attached' });
        const prompt = page.getByTestId('chunk-reload');
        if (failure === 'never arrives') {
          // The watcher times each script from when it sees it: the fake clock only moves once the broken one is seen
          // (on a slow machine the parser may reach that script tag after the body exists).
          await expect
            .poll(() =>
              page.evaluate(
                (src) =>
                  Array.from(document.scripts).some((s) => s.src === src && (s as unknown as { __chunkWatch?: number }).__chunkWatch),
                broken,
              ),
            )
            .toBe(true);
          // Installed, the fake clock also runs on its own: on a loaded runner seconds pass between the watcher
          // seeing the script and this line, so "not yet" is checked well before the limit and "now" just after it.
          await page.clock.runFor(100_000);
          await expect(prompt).toHaveCount(0);
        }
        await page.clock.runFor(failure === 'fails' ? 120_000 : 20_000);
        await expect(prompt).toBeVisible();
        expect(broken).not.toBe('');
        await expect(prompt).toContainText(lang.chunkFailed);
        await expect(prompt.getByRole('button', { name: lang.reload })).toBeVisible();
        await context.close();
      });
    }
  });
}
