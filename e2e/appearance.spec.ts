import { devices, type Browser, type Page } from '@playwright/test';
import { E2E } from './support/fixtures-data';
import { hostUrl } from './support/env';
import { answerConfirm, login } from './support/helpers';
import { allowConsoleError, expect, test, waitForHydrationOnGoto } from './support/test';

// A 1×1 PNG, and a file over the 1 MB thumbnail limit.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const TOO_LARGE = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 1)]);

async function onLooksHost(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: hostUrl(E2E.looksSlug, ''), locale: 'zh-CN', ...options });
  return waitForHydrationOnGoto(await context.newPage());
}

async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an organiser builds a look from templates and puts it in use; visitors get it in zh, en and on a phone, without organiser scripts', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // The planted template's <img src="x.png"> (whose onerror must be stripped) points at nothing.
  allowConsoleError(/status of 404 \(Not Found\) @ \S+\/x\.png$/);
  const page = await onLooksHost(browser);
  await login(page, E2E.looksManager, E2E.password);

  // A mobile home template first, then the desktop one relating it; the stylesheet comes from a .css file.
  await page.goto('/platform/config/template/add');
  await page.getByTestId('template-name-zh').fill('手机首页');
  await page.getByTestId('template-name-en').fill('Phone home');
  await choose(page, 'template-type', '首页');
  await page.getByTestId('template-content-zh').fill('<div class="look-phone">{{shortTitle}}</div>');
  await page.getByTestId('template-content-en').fill('<div class="look-phone">{{shortTitle}}</div>');
  await page.getByTestId('template-mobile').click();
  await page.getByTestId('save-template').click();
  await expect(page.getByText('模板已保存')).toBeVisible();
  await expect(page).toHaveURL(/\/platform\/config\/template\/edit\/\d+$/);

  await page.goto('/platform/config/template/add');
  await page.getByTestId('template-name-zh').fill('深蓝首页');
  await page.getByTestId('template-name-en').fill('Deep blue home');
  await choose(page, 'template-type', '首页');
  const layout = (lang: string) =>
    `<section class="look-hero"><h1 class="look-title">{{title}}</h1><p class="look-lang">${lang}</p><p class="look-countdown">{{countdown}}</p><div class="look-body">{{content}}</div><img src="x.png" onerror="window.__pwned=1"><script>window.__pwned=2</script><a class="look-bad" href="javascript:window.__pwned=3">x</a></section>`;
  await page.getByTestId('template-content-zh').fill(layout('中文版式'));
  await page.getByTestId('template-content-en').fill(layout('English layout'));
  await page.locator('input[type="file"][accept=".css"]').setInputFiles({
    name: 'look.css',
    mimeType: 'text/css',
    buffer: Buffer.from('.look-hero { background-color: rgb(12, 34, 56); color: rgb(255, 255, 255); padding: 24px; }'),
  });
  await expect(page.getByTestId('template-css')).toHaveValue(/rgb\(12, 34, 56\)/);
  await choose(page, 'template-mobile-template', '手机首页');
  await page.getByTestId('save-template').click();
  await expect(page.getByText('模板已保存')).toBeVisible();

  // The appearance: a name over 20 characters and a thumbnail over 1 MB are refused with their messages.
  await page.goto('/platform/config/exterior/list');
  await page.getByTestId('add-appearance').click();
  await page.getByTestId('appearance-name-zh').fill('这是一个超过二十个字符的外观名称用于测试长度限制');
  await page.getByTestId('appearance-name-en').fill('Deep blue');
  await page.getByTestId('save-appearance').click();
  await expect(page.getByText('外观名称不能超过 20 个字符')).toBeVisible();
  await page.getByTestId('appearance-name-zh').fill('深蓝');
  const thumbnailInput = page.locator('input[type="file"][accept=".jpg,.jpeg,.png"]');
  await thumbnailInput.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: TOO_LARGE });
  await expect(page.getByText('缩略图不能大于 1MB')).toBeVisible();
  await thumbnailInput.setInputFiles({ name: 'thumb.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('thumbnail-image')).toBeVisible();
  await choose(page, 'appearance-home-template', '深蓝首页');
  await page.getByTestId('save-appearance').click();
  await expect(page.getByText('外观已保存')).toBeVisible();
  await expect(page).toHaveURL(/\/platform\/config\/exterior\/edit\/\d+$/);
  const lookId = /edit\/(\d+)$/.exec(page.url())![1];

  // A visitor sees the built-in look until the organiser puts this one in use.
  const visitor = await onLooksHost(browser);
  await visitor.goto('/');
  await expect(visitor.getByTestId('home-hero')).toBeVisible();

  await page.goto('/platform/config/exterior');
  const card = page.locator(`[data-appearance="${lookId}"]`);
  await card.getByTestId('use-appearance').click();
  await expect(page.getByText('外观已启用')).toBeVisible();
  await expect(card.getByTestId('in-use')).toBeVisible();

  await visitor.goto('/');
  const hero = visitor.locator('.look-hero');
  await expect(visitor.locator('.look-title')).toHaveText('外观测试大会');
  await expect(visitor.locator('.look-lang')).toHaveText('中文版式');
  await expect(visitor.locator('.look-countdown')).toHaveText(/^距注册截止还有 \d+ 天$/);
  await expect(hero).toHaveCSS('background-color', 'rgb(12, 34, 56)');
  expect(await visitor.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await hero.locator('script').count()).toBe(0);
  expect(await hero.locator('a.look-bad').getAttribute('href')).toBeNull();
  await visitor.goto('/en');
  await expect(visitor.locator('.look-title')).toHaveText('Appearance Test Congress');
  await expect(visitor.locator('.look-lang')).toHaveText('English layout');

  const phone = await onLooksHost(browser, { ...devices['iPhone 12'], viewport: { width: 375, height: 740 } });
  await phone.goto('/');
  await expect(phone.locator('.look-phone')).toHaveText('外观大会');
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The website's home page: a published page's content goes into the template's {{content}}.
  await page.goto('/platform/config/page/add');
  await page.getByLabel('页面名称（中文）').fill('欢迎辞');
  await page.getByLabel('页面名称（英文）').fill('Welcome');
  await page.getByTestId('content-zh').locator('.ProseMirror').click();
  await page.keyboard.type('欢迎各位参会');
  await page.getByTestId('content-en').locator('.ProseMirror').click();
  await page.keyboard.type('Welcome, delegates');
  await page.getByTestId('save-page').click();
  await expect(page.getByText('页面已保存')).toBeVisible();
  await expect(page).toHaveURL(/\/platform\/config\/page\/edit\/\d+$/);
  const pageId = /edit\/(\d+)$/.exec(page.url())![1];
  await page.goto('/platform/config/page/list');
  await page.locator(`[data-page="${pageId}"]`).getByTestId('toggle-publish').click();
  await expect(page.locator(`[data-page="${pageId}"]`).getByTestId('page-status')).toHaveText('已发布');
  await page.goto('/platform/config/website');
  await page.getByTestId('home-page').click();
  await page.getByRole('option', { name: '欢迎辞' }).click();
  await page.getByTestId('website-config-form').locator('button[type="submit"]').click();
  await expect(page.getByText('网站设置已保存')).toBeVisible();
  await visitor.goto('/');
  await expect(visitor.locator('.look-body')).toHaveText('欢迎各位参会');
  await visitor.goto('/en');
  await expect(visitor.locator('.look-body')).toHaveText('Welcome, delegates');

  // The look in use cannot be deleted; its template neither.
  await page.goto('/platform/config/exterior/list');
  await page.locator(`[data-appearance="${lookId}"]`).getByTestId('delete').click();
  await answerConfirm(page);
  await expect(page.getByText('不能删除正在使用的外观')).toBeVisible();
  await expect(page.locator(`[data-appearance="${lookId}"]`)).toBeVisible();

  // Back to the built-in look: visitors see the change at once (the anonymous page cache is dropped).
  await page.goto('/platform/config/exterior');
  await page.locator('[data-appearance="builtin"]').getByTestId('use-appearance').click();
  await expect(page.getByText('外观已启用')).toBeVisible();
  await visitor.goto('/');
  await expect(visitor.getByTestId('home-hero')).toBeVisible();
  await expect(visitor.getByTestId('home-page-content')).toHaveText('欢迎各位参会');
});
