import type { Browser, Page } from '@playwright/test';
import { E2E } from './support/fixtures-data';
import { expectNoSerious } from './support/axe';
import { hostUrl } from './support/env';
import { answerConfirm, waitForApp } from './support/helpers';
import { PROGRAMME } from './support/programme-data';
import { dayLabel } from '@/components/programme/day-label';
import { allowConsoleError, expect, test, waitForHydrationOnGoto } from './support/test';

/**
 * The published programme (issue 23 points 3 and 4) on the planted conference: not published yet; the organiser
 * publishes version 1 from /platform/programme/versions; visitors read it in zh and en, by day, filtered and
 * searched without script, each contribution on its own page with authors, affiliations, presenter and schema.org
 * data; on a 375 px phone as a list; the visitor's own time beside the conference's; and after a withdrawal and a
 * second publish, "what changed since version 1".
 */
const url = (path: string) => hostUrl(PROGRAMME.slug, path);

test.describe.configure({ mode: 'serial' });

async function signIn(page: Page, email: string) {
  await page.goto(url('/conferencelogin'));
  await waitForApp(page);
  const form = page.getByTestId('login-form');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(E2E.password);
  await form.locator('button[type="submit"]').click();
  await expect(page).not.toHaveURL(/conferencelogin/, { timeout: 30_000 });
  await waitForApp(page);
}

async function publish(page: Page, expected: number) {
  await page.goto(url('/platform/programme/versions'));
  await page.getByTestId('programme-publish').click();
  await answerConfirm(page);
  await expect(page.locator(`[data-version="${expected}"]`)).toBeVisible();
}

/** A visitor's page in a context of its own (the axe check needs one); close it with `await page.context().close()`. */
async function visitor(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  const page = waitForHydrationOnGoto(await context.newPage());
  return page;
}

test('the organiser publishes; visitors read the programme in zh and en, filter it, open a contribution, and see what changed', async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  const anon = await visitor(browser);

  // Before the first version: a clear page, no programme in the menu.
  await anon.goto(url('/programme'));
  await expect(anon.getByTestId('programme-unpublished')).toBeVisible();
  await expect(anon.getByTestId('site-menu')).toHaveCount(0);

  // The organiser's versions page, in zh and en, and on a phone.
  await signIn(page, PROGRAMME.manager);
  await page.goto(url('/platform/programme/versions'));
  await expect(page.getByTestId('versions-empty')).toBeVisible();
  await expectNoSerious(page, 'versions page (zh)');
  await publish(page, 1);
  await expect(page.locator('[data-version="1"]')).toContainText('第 1 版');
  await page.goto(url('/en/platform/programme/versions'));
  await expect(page.locator('[data-version="1"]')).toContainText('Version 1');
  await expectNoSerious(page, 'versions page (en)');

  // The public programme in Chinese: day 1 by default, rooms, the keynote and the parallel sessions; in the menu.
  await anon.goto(url('/programme'));
  await expect(anon.getByRole('heading', { level: 1, name: '会议日程' })).toBeVisible();
  await expect(anon.getByTestId('programme-version')).toContainText('第 1 版');
  await expect(anon.getByTestId('programme-changes')).toHaveCount(0);
  await expect(anon.getByTestId('site-menu').getByRole('link', { name: '会议日程' })).toBeVisible();
  await expect(anon.getByTestId('programme-day').first()).toHaveAttribute('aria-current', 'page');
  // Each day's tab carries its date, a named day its name as well.
  await expect(anon.getByTestId('programme-day').first()).toContainText(dayLabel(PROGRAMME.days[0], 'zh'));
  const codes = () => anon.getByTestId('programme-contribution').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code')));
  expect(await codes()).toEqual(['K1', 'A-01', 'A-02', 'B-01', 'B-02']);
  await expect(anon.getByText('量子材料的未来')).toBeVisible();
  await expect(anon.getByTestId('programme-star-slot').first()).toBeAttached();
  const events = JSON.parse((await anon.getByTestId('programme-json-ld').textContent()) ?? '[]') as Array<Record<string, unknown>>;
  expect(events.map((e) => [e['@type'], e.name, e.startDate])).toContainEqual(['Event', '大会报告', '2030-10-12T09:00:00+08:00']);
  await expectNoSerious(anon, 'programme (zh)');

  // Day 2 through its tab: only the posters.
  await anon.getByTestId('programme-day').nth(1).click();
  await expect(anon).toHaveURL(/day=2030-10-13/);
  expect(await codes()).toEqual(['P-01']);
  await expect(anon.getByTestId('programme-contribution')).toContainText('展板 12');

  // Filters and the search, answered by the server (the address carries them).
  await anon.goto(url('/programme'));
  await anon.getByTestId('filter-theme').selectOption({ label: '声学' });
  await anon.getByTestId('filter-apply').click();
  await expect(anon).toHaveURL(/theme=\d+/);
  expect(await codes()).toEqual(['B-01', 'B-02']);
  await anon.goto(url('/programme?q=%E6%B8%85%E5%8D%8E'));
  expect(await codes()).toEqual(['A-01', 'A-02']);
  await anon.getByTestId('filter-q').fill('nothing-like-this');
  await anon.getByTestId('filter-apply').click();
  await expect(anon.getByTestId('programme-empty')).toBeVisible();
  await anon.goto(url('/programme?type=plenary'));
  expect(await codes()).toEqual(['K1']);

  // A contribution's page: authors with numbered affiliations, the presenter, the abstract; unknown codes are 404.
  await anon.goto(url('/programme'));
  await anon.getByRole('link', { name: 'Light in small cavities' }).click();
  await expect(anon).toHaveURL(/\/programme\/A-01$/);
  await expect(anon.getByTestId('contribution-title')).toHaveText('Light in small cavities');
  await expect(anon.getByTestId('contribution-authors')).toContainText('Ana Silva1*');
  await expect(anon.getByTestId('contribution-authors')).toContainText('王芳2');
  await expect(anon.getByTestId('contribution-affiliations')).toContainText('1 University of Porto');
  await expect(anon.getByTestId('contribution-affiliations')).toContainText('2 清华大学');
  await expect(anon.getByTestId('contribution-presenter')).toHaveText('Ana Silva');
  await expect(anon.getByTestId('contribution-abstract')).toContainText('we study light in small cavities');
  await expect(anon.getByTestId('contribution-slides')).toHaveCount(0);
  await expect(anon.getByTestId('programme-star-slot')).toBeAttached();
  await expectNoSerious(anon, 'contribution (zh)');
  allowConsoleError(/status of 404 \(Not Found\) @ \S+\/programme\/NOPE$/);
  expect((await anon.goto(url('/programme/NOPE')))?.status()).toBe(404);

  // In English.
  await anon.goto(url('/en/programme'));
  await expect(anon.getByRole('heading', { level: 1, name: 'Programme' })).toBeVisible();
  await expect(anon.getByTestId('programme-version')).toContainText('Version 1');
  await expect(anon.getByText('The future of quantum materials')).toBeVisible();
  await expect(anon.getByRole('heading', { name: 'Optics session' })).toBeVisible();
  // Calendars from the programme page: a subscription (webcal://, the same feed), the whole programme, the day shown,
  // each session; and the way to the print version and the book of abstracts.
  const subscribe = await anon.getByTestId('programme-subscribe').getAttribute('href');
  expect(subscribe).toMatch(new RegExp(`^webcal://${PROGRAMME.slug}\\.localhost:\\d+/api/conference/programme/ics\\?lang=en$`));
  // Fetched by the page itself (<slug>.localhost resolves in Chromium, not in Node).
  const eventsIn = async (testId: string) => {
    const href = (await anon.getByTestId(testId).first().getAttribute('href'))!;
    const answer = await anon.evaluate(async (address) => {
      const response = await fetch(address);
      return { type: response.headers.get('content-type') ?? '', text: await response.text() };
    }, href);
    expect(answer.type).toContain('text/calendar');
    return answer.text.split('BEGIN:VEVENT').length - 1;
  };
  const whole = await eventsIn('programme-ics-all');
  const firstDay = await eventsIn('programme-ics-day');
  const session = await eventsIn('programme-session-ics');
  expect(whole).toBeGreaterThan(firstDay);
  expect(firstDay).toBeGreaterThan(session);
  expect(session).toBeGreaterThan(0);
  await expect(anon.getByTestId('programme-session-ics').first()).toHaveAccessibleName(/^Add “.+” to your calendar \(\.ics\)$/);
  await anon.getByTestId('programme-print-link').click();
  await expect(anon).toHaveURL(/\/en\/programme\/print$/);
  await anon.goto(url('/en/programme'));
  await expectNoSerious(anon, 'programme (en)');
  await anon.goto(url('/en/programme/K1'));
  await expect(anon.getByTestId('contribution-presenter')).toHaveText('李娜 (Li Na)');
  await expect(anon.getByTestId('contribution-when')).toContainText('09:00–10:00 (Asia/Shanghai)');
  await expectNoSerious(anon, 'contribution (en)');
  await anon.context().close();

  // A visitor in Berlin sees their own time beside the conference's; one in Shanghai sees none.
  const berlin = await visitor(browser, { timezoneId: 'Europe/Berlin' });
  await berlin.goto(url('/en/programme/K1'));
  await expect(berlin.getByTestId('contribution-when').locator('[data-visitor-time]')).toHaveText('(03:00–04:00 your time)');
  await berlin.context().close();
  const local = await visitor(browser, { timezoneId: 'Asia/Shanghai' });
  await local.goto(url('/en/programme/K1'));
  await expect(local.getByTestId('contribution-when').locator('[data-visitor-time]')).toBeHidden();
  await local.context().close();

  // The author withdraws B-02 (accepted, not yet told); a second version lists the change, in zh and en.
  const author = await visitor(browser);
  await signIn(author, PROGRAMME.author);
  // Through the site's own API from the author's signed-in page (the browser resolves the conference's host).
  const withdrawal = await author.evaluate(async () => {
    const mine = (await (await fetch('/api/conference/submission')).json()) as {
      data: { submissions: Array<{ id: number; code: string }> };
    };
    const paper = mine.data.submissions.find((s) => s.code === 'C-0002');
    return paper ? (await fetch(`/api/conference/submission/${paper.id}/withdraw`, { method: 'POST' })).status : 0;
  });
  expect(withdrawal).toBe(200);
  await author.context().close();
  await publish(page, 2);
  await expect(page.locator('[data-version="2"]')).toContainText('1 处变动');
  await page.locator('[data-version="1"]').getByTestId('view-version').click();
  await expect(page.getByTestId('version-timetable').locator('[data-code="B-02"]')).toBeVisible();
  // Every version opens in both languages; the second lists what changed since the first.
  for (const prefix of ['', '/en']) {
    for (const version of [2, 1]) {
      const answer = await page.goto(url(`${prefix}/platform/programme/versions?version=${version}`));
      expect(answer?.status(), `version ${version} (${prefix || 'zh'})`).toBe(200);
      await expect(page.getByTestId('version-detail')).toBeVisible();
    }
  }
  await page.goto(url('/en/platform/programme/versions?version=2'));
  await expect(page.getByTestId('version-changes')).toContainText('B-02');
  await expect(page.getByTestId('version-changes')).toContainText('removed');

  const again = await visitor(browser);
  await again.goto(url('/programme'));
  await expect(again.getByTestId('programme-version')).toContainText('第 2 版');
  await expect(again.getByTestId('programme-changes')).toContainText('自第 1 版以来的变动');
  await expect(again.getByTestId('programme-changes')).toContainText('Underwater sound channels (B-02): 取消');
  expect(
    await again.getByTestId('programme-contribution').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code'))),
  ).not.toContain('B-02');
  await again.goto(url('/en/programme'));
  await expect(again.getByTestId('programme-changes')).toContainText('What changed since version 1');
  await expect(again.getByTestId('programme-changes')).toContainText('Underwater sound channels (B-02): removed');
  await again.context().close();
});

test('on a 375 px phone the programme is a list without sideways scrolling, in zh and en', async ({ browser }) => {
  for (const prefix of ['', '/en']) {
    const phone = await visitor(browser, { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
    await phone.goto(url(`${prefix}/programme`));
    const first = phone.getByTestId('programme-contribution').first();
    await first.scrollIntoViewIfNeeded();
    // The title (a link to the contribution's page) and its star (for a visitor, a link to sign in).
    await expect(first.getByRole('link').first()).toBeInViewport();
    await expect(first.locator('[data-testid$="-login"]')).toBeInViewport();
    await expect(phone.getByTestId('filter-apply')).toBeVisible();
    // One column: the keynote's and the optics session's cards sit one above the other, each full width.
    const cards = phone.getByTestId('programme-session');
    const boxes = await cards.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width));
    expect(Math.min(...boxes)).toBeGreaterThan(300);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The coffee break is for every room, said once.
    const coffee = cards.filter({ hasText: prefix ? 'Coffee break' : '茶歇' });
    const allRooms = prefix ? 'All rooms' : '所有会场';
    expect(((await coffee.innerText()).match(new RegExp(allRooms, 'g')) ?? []).length).toBe(1);
    await expectNoSerious(phone, `programme on a phone (${prefix || 'zh'})`);
    await phone.goto(url(`${prefix}/programme/A-02`));
    await expect(phone.getByTestId('contribution-title')).toBeInViewport();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.context().close();
  }
});

test('on a desktop the rooms are columns side by side', async ({ browser }) => {
  const desk = await visitor(browser, { viewport: { width: 1280, height: 900 } });
  await desk.goto(url('/en/programme'));
  const optics = desk.getByTestId('programme-session').filter({ hasText: 'Optics session' });
  const acoustics = desk.getByTestId('programme-session').filter({ hasText: 'Acoustics session' });
  const [a, b] = [await optics.boundingBox(), await acoustics.boundingBox()];
  expect(a && b && Math.abs(a.y - b.y) < 2 && b.x > a.x + a.width - 1).toBe(true);
  await desk.context().close();
});

test('the organiser’s versions page on a 375 px phone: the publish button and the list in view, in zh and en', async ({ browser }) => {
  test.setTimeout(180_000);
  const phone = await visitor(browser, { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
  await signIn(phone, PROGRAMME.manager);
  for (const prefix of ['', '/en']) {
    await phone.goto(url(`${prefix}/platform/programme/versions`));
    await expect(phone.getByTestId('programme-publish')).toBeInViewport();
    const list = phone.getByTestId('versions-table').or(phone.getByTestId('versions-empty'));
    await list.first().scrollIntoViewIfNeeded();
    await expect(list.first()).toBeInViewport();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSerious(phone, `versions page on a phone (${prefix || 'zh'})`);
  }
  await phone.context().close();
});
