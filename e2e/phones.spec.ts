import type { Browser, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '@/db/seed';
import { E2E } from './support/fixtures-data';
import { waitForApp } from './support/helpers';
import { expect, test, waitForHydrationOnGoto } from './support/test';

/**
 * Phones first (issue 22, points 1 and 2): on a 375 × 667 phone, in Chinese and in English, the
 * participant's fee page, order list, hotel booking, submission list and payment result show each
 * row's amount, status and main action inside the screen with no sideways scrolling (neither the
 * page nor the list); the side menu is folded behind a button and opens and navigates; status badges
 * show their words whole; and on a 1280 px desktop the order list shows its time and action columns.
 */
const PHONE: BrowserContextOptions = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const LANGS = [
  { prefix: '', locale: 'zh-CN', menu: '菜单：', orders: '我的订单' },
  { prefix: '/en', locale: 'en-GB', menu: 'Menu: ', orders: 'My orders' },
] as const;

async function signedIn(browser: Browser, email: string, password: string, options: BrowserContextOptions, locale: string): Promise<Page> {
  const context = await browser.newContext({ ...options, locale });
  const answer = await context.request.post('/api/base/oauth/localLogin', { data: { email, password } });
  expect(answer.status(), `login as ${email}`).toBe(200);
  return waitForHydrationOnGoto(await context.newPage());
}

/** Neither the page nor any list on it scrolls sideways (tables only for screen readers aside). */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const page_ = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  expect(page_, `${what}: the page scrolls sideways`).toBeLessThanOrEqual(0);
  const lists = await page.locator('table').evaluateAll((tables) =>
    tables.map((table) => {
      const box = table.parentElement!;
      return box.clientWidth <= 1 ? 0 : box.scrollWidth - box.clientWidth;
    }),
  );
  for (const overflow of lists) expect(overflow, `${what}: a list scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Each of these is wholly on the screen as it stands (without scrolling anything). */
async function expectOnScreen(what: string, ...locators: Locator[]) {
  for (const locator of locators) await expect(locator, what).toBeInViewport({ ratio: 1 });
}

/** A status badge shows its words whole: nothing cut, no ellipsis, and it fits in its own box. */
async function expectWholeBadges(scope: Locator, what: string) {
  // The app's StatusBadge (components/ui/status-badge.tsx) and any Mantine Badge.
  const badges = scope.locator('[data-status-badge], .mantine-Badge-root');
  expect(await badges.count(), `${what}: has status badges`).toBeGreaterThan(0);
  const cut = await badges.evaluateAll((all) =>
    all.flatMap((badge) => {
      const label = badge.querySelector<HTMLElement>('.mantine-Badge-label') ?? (badge as HTMLElement);
      const text = label.textContent ?? '';
      const hidden = label.scrollWidth > label.clientWidth + 1 || badge.scrollWidth > badge.clientWidth + 1;
      const fits = label.getBoundingClientRect().width <= badge.getBoundingClientRect().width + 1;
      return hidden || !fits || !text.trim() ? [`"${text}" (${label.scrollWidth} > ${label.clientWidth})`] : [];
    }),
  );
  expect(cut, `${what}: status badges cut short`).toEqual([]);
}

for (const lang of LANGS) {
  const zh = lang.prefix === '';
  test.describe(`${zh ? 'zh' : 'en'}: phones first`, () => {
    test('at 375 px the fee page, orders, hotel booking, submissions and payment result show amount, status and action without sideways scrolling', async ({
      browser,
    }) => {
      const page = await signedIn(browser, E2E.phoneParticipant.email, E2E.password, PHONE, lang.locale);

      // The fee page a new registrant lands on: the registration fee (paid: its receipt) on the first
      // screen, under the folded menu; the banquet (unpaid: pay and change) just below.
      await page.goto(`${lang.prefix}/profile/conference/fee`);
      await expect(page.getByTestId('section-nav-toggle')).toBeVisible();
      await expect(page.getByTestId('section-nav-list')).toBeHidden();
      const registration = page.getByTestId('fee-register-section').getByTestId('order-row');
      await expectOnScreen(
        'the registration fee on the first screen',
        registration.getByTestId('order-total'),
        registration.getByTestId('order-status'),
        registration.getByTestId('order-receipt'),
      );
      const banquet = page.getByTestId('fee-optional-section').getByTestId('order-row');
      await banquet.evaluate((row) => row.scrollIntoView({ block: 'start' }));
      await expectOnScreen(
        'the banquet',
        banquet.getByTestId('order-total'),
        banquet.getByTestId('order-status'),
        banquet.getByTestId('pay-order'),
        banquet.getByTestId('change-order'),
      );
      await expectNoSidewaysScroll(page, 'the fee page');

      // My orders: the first order (the registration fee, paid) wholly on the first screen.
      await page.goto(`${lang.prefix}/profile/order/list`);
      const first = page.getByTestId('order-row').first();
      await expectOnScreen('the first order on the first screen', first.getByTestId('order-total'), first.getByTestId('order-status'));
      await expectOnScreen('its action', first.getByTestId('order-receipt').or(first.getByTestId('pay-order')).first());
      const unpaid = page.locator('[data-testid="order-row"][data-status="unpaid"]').first();
      await unpaid.evaluate((row) => row.scrollIntoView({ block: 'start' }));
      await expectOnScreen(
        'an unpaid order',
        unpaid.getByTestId('order-total'),
        unpaid.getByTestId('order-status'),
        unpaid.getByTestId('pay-order'),
      );
      await expectNoSidewaysScroll(page, 'the order list');

      // The hotel booking (below the hotels and the booking form): its total, status and Pay.
      await page.goto(`${lang.prefix}/profile/hotel/order`);
      const booking = page.locator('[data-testid^="hotel-booking-row-"]').first();
      await booking.evaluate((row) => row.scrollIntoView({ block: 'start' }));
      await expectOnScreen(
        'the hotel booking',
        booking.getByTestId('hotel-booking-total'),
        booking.getByTestId('hotel-booking-status'),
        booking.getByTestId('order-status'),
        booking.getByTestId('pay-order'),
      );
      await expectNoSidewaysScroll(page, 'the hotel booking');

      // My submissions: the status and the open button of my submission.
      await page.goto(`${lang.prefix}/profile/submission`);
      const submission = page.locator('[data-testid^="submission-row-"]').first();
      await submission.evaluate((row) => row.scrollIntoView({ block: 'start' }));
      await expectOnScreen(
        'my submission',
        submission.getByTestId('submission-status'),
        submission.locator('[data-testid^="submission-open-"]'),
      );
      await expectNoSidewaysScroll(page, 'the submission list');

      // The payment result, as on coming back from a provider: amount, status and receipt on the first screen.
      const bills = (await (await page.request.get('/api/conference/pay/bills')).json()) as { data: { id: number; status: string }[] };
      const paid = bills.data.find((b) => b.status === 'paid');
      expect(paid, 'a paid bill').toBeDefined();
      await page.goto(`${lang.prefix}/profile/order/pay/goto/result/${paid!.id}`);
      await expect(page.getByTestId('bill-status')).toHaveAttribute('data-status', 'paid');
      await expectOnScreen(
        'the payment result on the first screen',
        page.getByTestId('bill-amount'),
        page.getByTestId('bill-state'),
        page.getByTestId('receipt-link').first(),
      );
      await expectNoSidewaysScroll(page, 'the payment result');
      await page.context().close();
    });

    test('at 375 px the folded menu opens and navigates; at 1280 px it is open', async ({ browser }) => {
      const page = await signedIn(browser, E2E.phoneParticipant.email, E2E.password, PHONE, lang.locale);
      await page.goto(`${lang.prefix}/profile/conference/fee`);
      const toggle = page.getByTestId('section-nav-toggle');
      const list = page.getByTestId('section-nav-list');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toContainText(lang.menu);
      await expect(list).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(list).toBeVisible();
      await list.getByRole('link', { name: lang.orders }).click();
      await waitForApp(page);
      await expect(page).toHaveURL(new RegExp(`${lang.prefix}/profile/order/list$`));
      await expect(toggle).toContainText(`${lang.menu}${lang.orders}`);
      await expect(list).toBeHidden();
      await page.context().close();

      // The organiser's 29 entries fold the same way: the order list starts on the first screen.
      const organiser = await signedIn(browser, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password, PHONE, lang.locale);
      await organiser.goto(`${lang.prefix}/platform/manage/order`);
      await expect(organiser.getByTestId('section-nav-list')).toBeHidden();
      await expectOnScreen('the order management title', organiser.getByRole('heading', { level: 3 }).first());
      await organiser.getByTestId('section-nav-toggle').click();
      await expect(organiser.getByTestId('section-nav-list').getByRole('link')).toHaveCount(29);
      await organiser.context().close();

      const desktop = await signedIn(browser, E2E.phoneParticipant.email, E2E.password, DESKTOP, lang.locale);
      await desktop.goto(`${lang.prefix}/profile/order/list`);
      await expect(desktop.getByTestId('section-nav-toggle')).toBeHidden();
      await expect(desktop.getByTestId('section-nav-list')).toBeVisible();
      await desktop.context().close();
    });

    test('at 1280 px the order list shows its time and action columns; status badges are whole at 375 and 1280 px', async ({ browser }) => {
      const desktop = await signedIn(browser, E2E.phoneParticipant.email, E2E.password, DESKTOP, lang.locale);
      await desktop.goto(`${lang.prefix}/profile/order/list`);
      for (const row of await desktop.getByTestId('order-row').all()) {
        await row.evaluate((r) => r.scrollIntoView({ block: 'center' }));
        await expectOnScreen('an order row at 1280 px', row.getByTestId('order-time'), row.getByTestId('order-total'));
        await expectOnScreen('its action', row.getByTestId('order-receipt').or(row.getByTestId('pay-order')).first());
      }
      await expectNoSidewaysScroll(desktop, 'the order list at 1280 px');
      await desktop.context().close();

      for (const [size, options] of [
        ['375 px', PHONE],
        ['1280 px', DESKTOP],
      ] as const) {
        const participant = await signedIn(browser, E2E.phoneParticipant.email, E2E.password, options, lang.locale);
        await participant.goto(`${lang.prefix}/profile/order/list`);
        await expectWholeBadges(participant.getByTestId('order-table'), `my orders at ${size}`);
        await participant.goto(`${lang.prefix}/profile/submission`);
        await expectWholeBadges(participant.getByTestId('submission-list'), `my submissions at ${size}`);
        await participant.goto(`${lang.prefix}/profile/hotel/order`);
        await expectWholeBadges(participant.getByTestId('hotel-bookings'), `my hotel bookings at ${size}`);
        await participant.context().close();

        const organiser = await signedIn(browser, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password, options, lang.locale);
        for (const [path, table] of [
          ['/platform/manage/reviewer', 'reviewer-table'],
          ['/platform/manage/contribute', 'contribute-table'],
          ['/platform/manage/order', 'admin-order-table'],
        ] as const) {
          await organiser.goto(`${lang.prefix}${path}`);
          await expectWholeBadges(organiser.getByTestId(table), `${path} at ${size}`);
          if (size === '375 px') await expectNoSidewaysScroll(organiser, `${path} at ${size}`);
        }
        await organiser.context().close();
      }
    });
  });
}
