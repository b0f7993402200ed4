import { DEMO_ACCOUNTS } from '@/db/seed';
import { answerConfirm, login } from './support/helpers';
import { allowConsoleError, expect, test } from './support/test';

test('an organiser writes a page in both languages and publishes it; visitors read it in zh, in en and on a phone; organiser HTML never runs', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await login(page, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  await page.goto('/platform/config/page/list');
  await page.getByTestId('add-page').click();
  const editor = page.getByTestId('page-editor');
  await editor.getByLabel('页面名称（中文）').fill('会议日程');
  await editor.getByLabel('页面名称（英文）').fill('Programme');
  for (const [lang, text] of [
    ['zh', '第一天：开幕式'],
    ['en', 'Day one: opening'],
  ] as const) {
    await page.getByTestId(`content-${lang}`).locator('.ProseMirror').click();
    await page.getByTestId(`content-${lang}`).getByRole('button', { name: '二级标题' }).click();
    await page.keyboard.type(text);
  }
  await page.getByTestId('save-page').click();
  await expect(page.getByText('页面已保存')).toBeVisible();
  await expect(page).toHaveURL(/\/platform\/config\/page\/edit\/\d+$/);
  const id = /edit\/(\d+)$/.exec(page.url())![1];

  // Unpublished: visitors are told it is not there; the organiser sees a preview.
  const visitor = await browser.newPage();
  allowConsoleError(/status of 404 \(Not Found\) @ \S+\/page\/\d+$/);
  // The page's planted <img src="x.png"> (whose onerror must be stripped) points at nothing.
  allowConsoleError(/status of 404 \(Not Found\) @ \S+\/page\/x\.png$/);
  expect((await visitor.goto(`/page/${id}`))?.status()).toBe(404);
  await expect(visitor.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  await page.goto(`/page/${id}`);
  await expect(page.getByTestId('page-preview')).toBeVisible();

  await page.goto('/platform/config/page/list');
  const row = page.locator(`[data-page="${id}"]`);
  await row.getByTestId('toggle-publish').click();
  await expect(row.getByTestId('page-status')).toHaveText('已发布');

  await visitor.goto(`/page/${id}`);
  await expect(visitor.getByTestId('page-title')).toHaveText('会议日程');
  await expect(visitor.getByTestId('page-content').locator('h2')).toHaveText('第一天：开幕式');
  await visitor.goto(`/en/page/${id}`);
  await expect(visitor.getByTestId('page-title')).toHaveText('Programme');
  await expect(visitor.getByTestId('page-content').locator('h2')).toHaveText('Day one: opening');
  const phone = await browser.newPage({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  await phone.goto(`/page/${id}`);
  await expect(phone.getByTestId('page-title')).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Menus: a parent with a child that leads to the page; the visitor gets there through the menu.
  await page.goto('/platform/config/menu');
  await page.getByTestId('add-menu').click();
  let menuForm = page.getByTestId('menu-form');
  await menuForm.getByLabel('菜单名称（中文）').fill('会议信息');
  await menuForm.getByLabel('菜单名称（英文）').fill('About');
  await page.getByTestId('save-menu').click();
  await expect(page.getByText('菜单已保存')).toBeVisible();
  // The notice closes by itself; the next save's notice must be a new one.
  await expect(page.getByText('菜单已保存')).toBeHidden();
  await page.getByTestId('add-menu').click();
  menuForm = page.getByTestId('menu-form');
  await menuForm.getByLabel('菜单名称（中文）').fill('日程安排');
  await menuForm.getByLabel('菜单名称（英文）').fill('Schedule');
  await menuForm.getByTestId('menu-parent').click();
  await page.getByRole('option', { name: '会议信息' }).click();
  await menuForm.getByTestId('menu-page').click();
  await page.getByRole('option', { name: '会议日程' }).click();
  await page.getByTestId('save-menu').click();
  await expect(page.getByText('菜单已保存')).toBeVisible();
  await page.locator('[data-menu="About"]').getByTestId('delete-menu').click();
  await answerConfirm(page);
  await expect(page.getByText('存在子菜单，删除失败')).toBeVisible();

  await visitor.goto('/en');
  await visitor.getByTestId('site-menu').getByRole('button', { name: /About/ }).click();
  await visitor.getByRole('menuitem', { name: /Schedule/ }).click();
  await expect(visitor).toHaveURL(new RegExp(`/en/page/${id}$`));
  await expect(visitor.getByTestId('page-title')).toHaveText('Programme');

  // Hostile HTML sent straight to the API is cleaned: the script never runs, the handler is gone.
  const saved = await page.evaluate(async () => {
    const response = await fetch('/api/conference/platform/config/page/save', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: { zh: '注入', en: 'Injected' },
        content: {
          zh: '<p>正文</p><script>window.__hacked = 1</script><img src="x.png" onerror="window.__hacked = 2"><a href="javascript:window.__hacked=3">链接</a>',
          en: '<p>Body</p>',
        },
      }),
    });
    return (await response.json()) as { data: { id: number } };
  });
  const hostileId = saved.data.id;
  await page.evaluate(async (pid) => {
    await fetch('/api/conference/platform/config/page/publish', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: pid, published: true }),
    });
  }, hostileId);
  await visitor.goto(`/page/${hostileId}`);
  await expect(visitor.getByTestId('page-content')).toContainText('正文');
  await visitor.getByTestId('page-content').getByText('链接').click();
  expect(await visitor.evaluate(() => (window as unknown as { __hacked?: number }).__hacked)).toBeUndefined();
  expect(await visitor.getByTestId('page-content').innerHTML()).not.toMatch(/script|onerror|javascript:/i);
});
