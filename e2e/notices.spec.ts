import { readFileSync } from 'node:fs';
import { expectNoSerious } from './support/axe';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { hostUrl } from './support/env';
import { E2E } from './support/fixtures-data';
import { login } from './support/helpers';
import { expect, test, waitForHydrationOnGoto } from './support/test';

/**
 * Notices and downloads in a real browser, on a conference of its own (`news`, planted by
 * e2e/seed.ts), in each language: the organiser is told both languages are needed, writes a notice,
 * publishes it and uploads a file for the registrants; a registrant sees the notice marked unread
 * (and counted in the menu), opens it (read, the count goes down) and downloads the file under its
 * own name; a signed-in account that never registered is told notices are for registrants, does not
 * see the registrants' material and is refused its download. Then both pages on a 375 px phone.
 */
type Lang = {
  prefix: '' | '/en';
  locale: string;
  contentZh: string;
  contentEn: string;
  titleRequired: string;
  noticeSaved: string;
  noticePublished: string;
  published: string;
  materialSaved: string;
  unread: string;
  notRegistered: string;
  registrantsOnly: string;
  shown: (text: { zh: string; en: string }) => string;
};

const ZH: Lang = {
  prefix: '',
  locale: 'zh-CN',
  contentZh: '内容（中文）',
  contentEn: '内容（英文）',
  titleRequired: '请填写中文和英文标题',
  noticeSaved: '通知已保存',
  noticePublished: '通知已发布',
  published: '已发布',
  materialSaved: '资料已保存',
  unread: '未读',
  notRegistered: '通知公告仅向本会议的注册参会者发布。您尚未注册本会议。',
  registrantsOnly: '该资料仅向本会议的注册参会者开放，请先注册',
  shown: (text) => text.zh,
};

const EN: Lang = {
  prefix: '/en',
  locale: 'en-US',
  contentZh: 'Content (Chinese)',
  contentEn: 'Content (English)',
  titleRequired: 'Enter the title in Chinese and in English',
  noticeSaved: 'Notice saved',
  noticePublished: 'Notice published',
  published: 'Published',
  materialSaved: 'Material saved',
  unread: 'Unread',
  notRegistered: 'Notices are published to the registered participants of this conference. You have not registered for it yet.',
  registrantsOnly: 'This material is for registered participants only: please register for the conference first',
  shown: (text) => text.en,
};

const PHONE: BrowserContextOptions = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };
const tag = () => Math.random().toString(36).slice(2, 6).toUpperCase();

async function onNews(browser: Browser, lang: Lang, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: hostUrl(E2E.newsSlug, ''), locale: lang.locale, acceptDownloads: true, ...options });
  return waitForHydrationOnGoto(await context.newPage());
}

/** The unread count beside "Notices" in the personal centre's menu (0 when no badge shows). */
async function menuCount(page: Page): Promise<number> {
  const badge = page.getByTestId('nav-badge');
  if ((await badge.count()) === 0) return 0;
  return Number(/\d+/.exec((await badge.textContent()) ?? '')?.[0] ?? 0);
}

/** The organiser writes (after the both-languages rule), publishes a notice, and uploads a file for the registrants. */
async function publishAndUpload(
  page: Page,
  lang: Lang,
  notice: { zh: string; en: string },
  material: { zh: string; en: string },
  fileName: string,
  body: Buffer,
) {
  await page.goto(`${lang.prefix}/platform/manage/notice`);
  await page.getByTestId('add-notice').click();
  const form = page.getByTestId('notice-form');
  await form.getByTestId('notice-title-zh').fill(notice.zh);
  await form.getByRole('textbox', { name: lang.contentZh }).fill(`${notice.zh}：请于报到时携带证件。`);
  await form.getByRole('textbox', { name: lang.contentEn }).fill(`${notice.en}: bring your ID to check in.`);
  await page.getByTestId('save-notice').click();
  await expect(form.getByText(lang.titleRequired)).toBeVisible();
  await form.getByTestId('notice-title-en').fill(notice.en);
  await page.getByTestId('save-notice').click();
  await expect(page.getByText(lang.noticeSaved).first()).toBeVisible();
  const row = page.getByTestId('notice-table').locator('tr', { hasText: lang.shown(notice) });
  await expect(row).toHaveAttribute('data-published', '0');
  await row.getByTestId('toggle-notice').click();
  await expect(page.getByText(lang.noticePublished).first()).toBeVisible();
  await expect(row.getByTestId('notice-status')).toHaveText(lang.published);

  await page.goto(`${lang.prefix}/platform/manage/download`);
  await page.getByTestId('add-material').click();
  const upload = page.getByTestId('material-form');
  await upload.locator('input[type="file"]').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: body });
  await upload.getByTestId('material-title-zh').fill(material.zh);
  await upload.getByTestId('material-title-en').fill(material.en);
  await upload.getByTestId('material-audience-registrants').check();
  await page.getByTestId('save-material').click();
  await expect(page.getByText(lang.materialSaved).first()).toBeVisible();
  const materialRow = page.getByTestId('material-table').locator('tr', { hasText: lang.shown(material) });
  await expect(materialRow).toHaveAttribute('data-audience', 'registrants');
  return Number(await materialRow.getAttribute('data-material'));
}

for (const lang of [ZH, EN]) {
  test(`${lang.locale}: a notice and a registrants' download from the organiser reach a registrant, not an outsider`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const t = tag();
    const notice = { zh: `会议报到须知 ${t}`, en: `Check-in notice ${t}` };
    const material = { zh: `大会报告幻灯片 ${t}`, en: `Keynote slides ${t}` };
    const fileName = `${lang.prefix ? 'Keynote' : '主旨报告'} slides ${t}.pdf`;
    const body = Buffer.from(`%PDF-1.4\n% keynote ${t}\n`);

    const organiser = await onNews(browser, lang);
    await login(organiser, E2E.newsManager, E2E.password, lang.prefix);
    const materialId = await publishAndUpload(organiser, lang, notice, material, fileName, body);

    // The registrant: the notice is there, marked unread and counted; opening it reads it.
    const reader = await onNews(browser, lang);
    const me = lang.prefix ? E2E.newsReaders.en : E2E.newsReaders.zh;
    await login(reader, me.email, E2E.password, lang.prefix);
    await reader.goto(`${lang.prefix}/profile/notice`);
    const item = reader.getByTestId('notice-list').locator('[data-notice]', { hasText: lang.shown(notice) });
    await expect(item).toHaveAttribute('data-read', '0');
    await expect(item.getByTestId('notice-unread')).toHaveText(lang.unread);
    const before = await menuCount(reader);
    expect(before).toBeGreaterThanOrEqual(1);
    await expectNoSerious(reader, `${lang.prefix}/profile/notice`, { withoutNotifications: true });
    await item.getByTestId('notice-open').click();
    await expect(item.getByTestId('notice-content')).toContainText(lang.prefix ? 'bring your ID to check in' : '请于报到时携带证件');
    await expect(item.getByTestId('notice-unread')).toHaveCount(0);
    // The menu counts exactly the notices still unread (the other language's run publishes notices
    // on this conference at the same time, so the count is compared with the list, not with `before`).
    await expect
      .poll(async () => {
        await reader.reload();
        const unreadItems = await reader.getByTestId('notice-list').locator('[data-notice][data-read="0"]').count();
        return (await menuCount(reader)) - unreadItems;
      })
      .toBe(0);
    await reader.reload();
    await expect(reader.getByTestId('notice-list').locator('[data-notice]', { hasText: lang.shown(notice) })).toHaveAttribute(
      'data-read',
      '1',
    );

    // …and downloads the file under its own name.
    await reader.goto(`${lang.prefix}/profile/download`);
    const listed = reader.locator(`[data-material="${materialId}"]`);
    await expect(listed).toContainText(lang.shown(material));
    await expectNoSerious(reader, `${lang.prefix}/profile/download`, { withoutNotifications: true });
    const [download] = await Promise.all([reader.waitForEvent('download'), listed.getByTestId('download-link').click()]);
    expect(download.suggestedFilename()).toBe(fileName);
    expect(readFileSync(await download.path())).toEqual(body);

    // The outsider (signed in, never registered): told so, not shown the notices nor the material.
    const outsider = await onNews(browser, lang);
    await login(outsider, E2E.newsOutsider, E2E.password, lang.prefix);
    await outsider.goto(`${lang.prefix}/profile/notice`);
    await expect(outsider.getByTestId('notices-not-registered')).toContainText(lang.notRegistered);
    await expect(outsider.getByText(lang.shown(notice))).toHaveCount(0);
    await outsider.goto(`${lang.prefix}/profile/download`);
    await expect(outsider.getByTestId('downloads-hidden')).toBeVisible();
    await expect(outsider.getByText(lang.shown(material))).toHaveCount(0);
    // Straight to the download address: refused, in the page's language (the browser resolves *.localhost).
    const refused = await outsider.evaluate(
      async ({ id, locale }) => {
        const response = await fetch(`/api/conference/download/${id}`, { headers: { 'x-locale': locale } });
        return { status: response.status, message: ((await response.json()) as { message: string }).message };
      },
      { id: materialId, locale: lang.prefix ? 'en' : 'zh' },
    );
    expect(refused).toEqual({ status: 403, message: lang.registrantsOnly });

    for (const page of [organiser, reader, outsider]) await page.context().close();
  });
}

test('on a 375 px phone the notices and downloads pages work without sideways scrolling', async ({ browser }) => {
  for (const lang of [ZH, EN]) {
    const phone = await onNews(browser, lang, PHONE);
    await login(phone, E2E.newsReaders.phone.email, E2E.password, lang.prefix);
    for (const path of ['/profile/notice', '/profile/download']) {
      await phone.goto(`${lang.prefix}${path}`);
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${lang.prefix}${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await expectNoSerious(phone, `${lang.prefix}${path} on a phone`, { withoutNotifications: true });
    }
    await phone.goto(`${lang.prefix}/profile/notice`);
    const first = phone.getByTestId('notice-list').locator('[data-notice]').first();
    await first.getByTestId('notice-open').tap();
    await expect(first.getByTestId('notice-content')).toBeVisible();
    await phone.goto(`${lang.prefix}/profile/download`);
    await expect(phone.getByTestId('download-link').first()).toBeVisible();
    await phone.context().close();
  }
});
