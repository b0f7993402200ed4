import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { AGENDA } from './support/agenda-data';
import { expectNoSerious } from './support/axe';
import { hostUrl } from './support/env';
import { E2E } from './support/fixtures-data';
import { answerConfirm, waitForApp } from './support/helpers';
import { expect, test, waitForHydrationOnGoto } from './support/test';

/**
 * "My agenda" and presenters in a real browser, on a conference of its own (`agenda`, planted by e2e/seed-agenda.ts
 * with a published programme), in each language: the participant finds the keynote the seed starred on
 * /profile/agenda, unstars and stars it again with the StarButton (the server agrees after a reload), downloads its
 * calendar, makes the secret subscription address (its calendar holds the star), makes a new one (the old answers
 * 404); the presenter sees the slot in /profile/submission, confirms, uploads slides (a file of the wrong content
 * refused), downloads them and withdraws after the confirm dialog. Both pages on a 375 px phone; axe on each.
 */
type Lang = {
  prefix: '' | '/en';
  locale: string;
  title: string;
  star: string;
  starred: string;
  day1: RegExp;
  confirmed: string;
  withdrawn: string;
  code: 'A-01' | 'A-02';
  slot: RegExp;
  wrongType: RegExp;
};
const ZH: Lang = {
  prefix: '',
  locale: 'zh-CN',
  title: '我的日程',
  star: '收藏',
  starred: '已加入我的日程',
  day1: /2030年10月12日/,
  confirmed: '已确认',
  withdrawn: '已撤回',
  code: 'A-01',
  slot: /10:30–10:50/,
  wrongType: /类型|格式/,
};
const EN: Lang = {
  prefix: '/en',
  locale: 'en-GB',
  title: 'My agenda',
  star: 'Star',
  starred: 'In my agenda',
  day1: /12 October 2030/,
  confirmed: 'Confirmed',
  withdrawn: 'Withdrawn',
  code: 'A-02',
  slot: /10:50–11:10/,
  wrongType: /type|PDF/i,
};
test.describe.configure({ timeout: 180_000 });

const PHONE: BrowserContextOptions = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };
const PDF = Buffer.from('%PDF-1.4\n% slides of the e2e test\n');

async function onAgenda(browser: Browser, lang: Lang, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: hostUrl(AGENDA.slug, ''), locale: lang.locale, acceptDownloads: true, ...options });
  return waitForHydrationOnGoto(await context.newPage());
}

/** Signs in through the real form, straight back to `to` (the machine under test may be slow: a generous wait). */
async function signIn(page: Page, email: string, prefix: string, to: string) {
  await page.goto(`${prefix}/conferencelogin?redirect=${encodeURIComponent(to)}`);
  const form = page.getByTestId('login-form');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(E2E.password);
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`${prefix}${to}$`), { timeout: 30_000 });
  await waitForApp(page);
}

/** A GET from inside the page (the conference's `<slug>.localhost` host resolves in Chromium, not in Node). */
function fetchInPage(page: Page, url: string): Promise<{ status: number; type: string; text: string }> {
  return page.evaluate(async (address) => {
    const res = await fetch(address, { credentials: 'same-origin' });
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  }, url);
}

async function starredOnServer(page: Page): Promise<number[]> {
  const res = await fetchInPage(page, '/api/conference/programme/stars');
  return (JSON.parse(res.text) as { data: { ids: number[] } }).data.ids;
}

for (const lang of [ZH, EN]) {
  test(`my agenda: star, calendars and the subscription address (${lang.prefix || 'zh'})`, async ({ browser }) => {
    const page = await onAgenda(browser, lang);
    await signIn(page, lang === ZH ? AGENDA.participants.zh : AGENDA.participants.en, lang.prefix, '/profile/agenda');
    await expect(page.getByRole('heading', { name: lang.title, level: 2 })).toBeVisible();
    await expect(page.getByRole('link', { name: lang.title })).toHaveAttribute('data-active', 'true');
    const row = page.getByTestId('agenda-item-K1');
    await expect(row).toBeVisible();
    await expect(page.getByTestId('agenda-day-2030-10-12').getByRole('heading')).toHaveText(lang.day1);
    await expect(row).toContainText('09:00–10:00');
    await expectNoSerious(page, `agenda ${lang.locale}`);

    const star = page.getByTestId('agenda-star-K1');
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await expect(star).toHaveText(new RegExp(lang.starred));
    const before = await starredOnServer(page);
    expect(before).toHaveLength(1);
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await expect(star).toHaveText(new RegExp(lang.star));
    expect(await starredOnServer(page)).toEqual([]);
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    expect(await starredOnServer(page)).toEqual(before);
    await page.reload();
    await expect(page.getByTestId('agenda-star-K1')).toHaveAttribute('aria-pressed', 'true');

    const ics = await fetchInPage(page, (await page.getByTestId('agenda-ics-K1').getAttribute('href'))!);
    expect(ics.status).toBe(200);
    expect(ics.type).toContain('text/calendar');
    expect(ics.text).toContain('DTSTART;TZID=Asia/Shanghai:20301012T090000');

    // The subscription address: shown once, its calendar holds the star; a new one retires it.
    await page.getByTestId('agenda-feed-renew').click();
    const url = await page.getByTestId('agenda-feed-url').inputValue();
    expect(url).toMatch(/\/api\/conference\/programme\/feed\/[A-Za-z0-9_-]{43}\.ics/);
    const feed = await fetchInPage(page, url);
    expect(feed.status).toBe(200);
    const text = feed.text;
    expect(text).toContain('BEGIN:VEVENT');
    expect(text).toContain('K1 ');
    expect(text).not.toContain('A-01 ');
    await expectNoSerious(page, `agenda feed ${lang.locale}`, { withoutNotifications: true });
    await page.getByTestId('agenda-feed-renew').click();
    await answerConfirm(page);
    await expect(page.getByTestId('agenda-feed-url')).not.toHaveValue(url);
    const fresh = await page.getByTestId('agenda-feed-url').inputValue();
    expect((await fetchInPage(page, url)).status).toBe(404);
    expect((await fetchInPage(page, fresh)).status).toBe(200);
    await page.context().close();
  });

  test(`presenter: the slot, confirming, slides and withdrawing in /profile/submission (${lang.prefix || 'zh'})`, async ({ browser }) => {
    const page = await onAgenda(browser, lang);
    await signIn(page, lang === ZH ? AGENDA.presenters.zh : AGENDA.presenters.en, lang.prefix, '/profile/submission');
    const slot = page.getByTestId(`presenter-slot-${lang.code}`);
    await expect(slot).toBeVisible();
    await expect(page.getByTestId(`presenter-time-${lang.code}`)).toHaveText(lang.slot);
    await expectNoSerious(page, `presenter ${lang.locale}`);

    await page.getByTestId(`presenter-confirm-${lang.code}`).click();
    await expect(page.getByTestId(`presenter-state-${lang.code}`)).toHaveText(lang.confirmed);

    const input = slot.locator('input[type="file"]');
    await input.setInputFiles({ name: 'talk.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>not a pdf</html>') });
    await expect(page.getByTestId(`presenter-slides-field-${lang.code}`)).toContainText(lang.wrongType);
    await expect(page.getByTestId(`presenter-slides-link-${lang.code}`)).toHaveCount(0);
    await input.setInputFiles({ name: 'talk.pdf', mimeType: 'application/pdf', buffer: PDF });
    const link = page.getByTestId(`presenter-slides-link-${lang.code}`);
    await expect(link).toContainText('talk.pdf');
    const slides = await fetchInPage(page, (await link.getAttribute('href'))!);
    expect(slides.status).toBe(200);
    expect(slides.text).toContain('%PDF-1.4');

    await page.getByTestId(`presenter-withdraw-${lang.code}`).click();
    await answerConfirm(page);
    await expect(page.getByTestId(`presenter-state-${lang.code}`)).toHaveText(lang.withdrawn);
    await expectNoSerious(page, `presenter answered ${lang.locale}`, { withoutNotifications: true });
    await page.context().close();
  });
}

test('my agenda and the presenter slot on a 375 px phone', async ({ browser }) => {
  const page = await onAgenda(browser, EN, PHONE);
  await signIn(page, AGENDA.participants.phone, '/en', '/profile/agenda');
  const star = page.getByTestId('agenda-star-K1');
  await expect(star).toBeInViewport();
  await expect(page.getByTestId('agenda-item-K1')).toContainText('09:00–10:00');
  await expect(page.getByTestId('agenda-item-K1').getByText('09:00–10:00')).toBeInViewport();
  await page.getByTestId('agenda-feed-renew').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('agenda-feed-renew')).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoSerious(page, 'agenda on a phone');
  await page.context().close();

  const presenter = await onAgenda(browser, ZH, PHONE);
  await signIn(presenter, AGENDA.presenters.zh, '', '/profile/submission');
  await presenter.getByTestId('presenter-slot-A-01').scrollIntoViewIfNeeded();
  await expect(presenter.getByTestId('presenter-time-A-01')).toBeInViewport();
  await expect(presenter.getByTestId('presenter-state-A-01')).toBeInViewport();
  expect(await presenter.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoSerious(presenter, 'presenter slot on a phone');
  await presenter.context().close();
});
