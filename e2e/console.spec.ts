import { DEMO_ACCOUNTS } from '@/db/seed';
import { expectNoSerious } from './support/axe';
import { hostUrl } from './support/env';
import { E2E } from './support/fixtures-data';
import { answerConfirm, confirmDialog, login, waitForMail } from './support/helpers';
import { expect, test } from './support/test';

const SLUG = 'e2e-conf';

test('a user creates a conference, sets up its website and requests publication; the platform administrator rejects, then approves; cancelling takes it off line', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const visitor = await browser.newPage();
  const visitorSees = async () => {
    await visitor.goto(hostUrl(SLUG, '/'));
    return new URL(visitor.url()).pathname;
  };

  // The creator, in Chinese.
  await login(page, E2E.freshParticipants[2], E2E.password);
  await page.getByTestId('nav-console').click();
  await expect(page).toHaveURL(/\/console$/);
  await expect(page.getByTestId('console-empty')).toBeVisible();
  await page.getByTestId('create-conference').click();
  const form = page.getByTestId('create-conference-form');
  await form.getByLabel('网址名').fill('www');
  await form.getByLabel('会议名称（中文）').fill('端到端测试会议');
  await form.getByLabel('会议名称（英文）').fill('End-to-end Test Conference');
  await form.getByLabel('简称（中文）').fill('测试会');
  await form.getByLabel('简称（英文）').fill('E2E Conf');
  await page.getByTestId('create-conference-submit').click();
  await expect(form.getByText('该网址名由平台保留，请换一个')).toBeVisible();
  await form.getByLabel('网址名').fill(SLUG);
  await page.getByTestId('create-conference-submit').click();
  await expect(page).toHaveURL(/\/console$/);
  const row = page.locator(`[data-conference="${SLUG}"]`);
  await expect(row).toContainText('端到端测试会议');
  await expect(row.getByTestId('conference-status')).toHaveText('未发布');
  expect(await visitorSees()).toBe('/unpublished');

  // The website settings, on the conference's own address (sign in there first).
  const site = await browser.newPage();
  await site.goto(hostUrl(SLUG, '/conferencelogin'));
  await site.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await site.getByTestId('login-form').locator('input[name="email"]').fill(E2E.freshParticipants[2]);
  await site.getByTestId('login-form').locator('input[name="password"]').fill(E2E.password);
  await site.getByTestId('login-form').locator('button[type="submit"]').click();
  await expect(site).not.toHaveURL(/conferencelogin/);
  await site.goto(hostUrl(SLUG, '/platform/config/website'));
  await site.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(site.getByTestId('website-status')).toHaveText('未发布');
  const settings = site.getByTestId('website-config-form');
  await settings.getByLabel('副标题（中文）').fill('数据与智能');
  await settings.getByLabel('副标题（英文）').fill('Data and Intelligence');
  await settings.getByLabel('主办单位（中文）').fill('中国科研网络');
  await settings.getByLabel('主办单位（英文）').fill('China Research Network');
  await settings.getByTestId('discipline').click();
  await site.getByRole('option', { name: '理学', exact: true }).click();
  await settings.getByTestId('domains').fill('not a domain');
  await settings.getByTestId('save-website').click();
  await expect(settings.getByText('请输入有效域名，如 conf.example.org')).toBeVisible();
  // Another conference's development host is the platform's, never a domain.
  await settings.getByTestId('domains').fill('demo.localhost');
  await settings.getByTestId('save-website').click();
  await expect(settings.getByText('该主机名属于平台，不能作为会议域名')).toBeVisible();
  await settings.getByTestId('domains').fill(`${SLUG}.example.org`);
  await site.getByTestId('add-contact').click();
  await settings.getByLabel('姓名（中文）').fill('王老师');
  await settings.getByLabel('姓名（英文）').fill('Ms Wang');
  await settings.getByLabel('电话').fill('010-12345678');
  await settings.getByTestId('save-website').click();
  await expect(site.getByText('网站设置已保存')).toBeVisible();
  await expect(site.locator(`[data-domain="${SLUG}.example.org"]`)).toContainText('待平台审批');
  const [chooser] = await Promise.all([site.waitForEvent('filechooser'), site.getByTestId('upload-banner').click()]);
  await chooser.setFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
  });
  await expect(site.getByTestId('banner-image')).toBeVisible();
  await site.getByTestId('admin-email').fill('nobody@example.org');
  await site.getByTestId('add-admin').click();
  await expect(site.getByText('非平台用户不能添加为管理员')).toBeVisible();

  // Requesting publication asks first, in the app's own dialog (never the browser's).
  await row.getByTestId('request-publication').click();
  await expect(confirmDialog(page)).toContainText('提交发布申请？');
  await answerConfirm(page, 'cancel');
  await expect(row.getByTestId('conference-status')).toHaveText('未发布');
  const since = Date.now();
  await row.getByTestId('request-publication').click();
  await answerConfirm(page);
  await expect(row.getByTestId('conference-status')).toHaveText('待审核');
  const notice = await waitForMail(DEMO_ACCOUNTS.platformAdmin.email, since);
  expect(notice.subject).toContain('端到端测试会议');

  // The platform administrator, in English: a rejection needs a reason.
  // A context of its own (axe checks the approval dialog on this page).
  const admin = await (await browser.newContext()).newPage();
  await login(admin, DEMO_ACCOUNTS.platformAdmin.email, DEMO_ACCOUNTS.platformAdmin.password, '/en');
  await admin.goto('/en/console');
  // It lists every conference of the installation: the administrator's console, not "my" conferences.
  await expect(admin.getByTestId('console-title')).toHaveText('Platform console');
  await admin.getByTestId('open-review').click();
  const request = admin.locator(`[data-request="${SLUG}"]`);
  await request.getByTestId('reject-request').click();
  await expect(request.getByText('Please give the reason for the rejection')).toBeVisible();
  await request.getByTestId('reject-reason').fill('Please add the programme');
  await request.getByTestId('reject-request').click();
  await expect(admin.getByTestId('review-empty')).toBeVisible();

  await page.reload();
  await expect(row.getByTestId('conference-status')).toHaveText('未发布');
  await expect(row.getByTestId('rejection-reason')).toHaveText('上次申请被驳回：Please add the programme');
  await row.getByTestId('request-publication').click();
  await answerConfirm(page);
  await expect(row.getByTestId('conference-status')).toHaveText('待审核');

  // Approving asks in the app's dialog, which lists what the site still lacks: no home page, no
  // menu, registration closed. Cancel changes nothing; OK publishes.
  await admin.reload();
  const approve = admin.locator(`[data-request="${SLUG}"]`).getByTestId('approve-request');
  await approve.click();
  const dialog = confirmDialog(admin);
  await expect(dialog).toContainText('Approve “End-to-end Test Conference” for publication?');
  await expect(dialog.getByTestId('site-gaps').locator('[data-gap]')).toHaveText([
    'a home page (no published page is set as the home page)',
    'a menu (no menu items yet)',
    'open registration (the registration module is off or outside its dates)',
  ]);
  await expectNoSerious(admin, '/en/console/review, the approval dialog');
  await answerConfirm(admin, 'cancel');
  await admin.reload();
  await expect(admin.locator(`[data-request="${SLUG}"]`)).toBeVisible();
  expect(await visitorSees()).toBe('/unpublished');
  await approve.click();
  await answerConfirm(admin);
  await expect(admin.getByTestId('review-empty')).toBeVisible();
  await admin.locator(`[data-domain="${SLUG}.example.org"]`).getByTestId('approve-domain').click();
  await expect(admin.getByText('Domain approved: it now serves its conference')).toBeVisible();
  await site.reload();
  await expect(site.locator(`[data-domain="${SLUG}.example.org"]`)).toContainText('已批准，生效中');
  await expect.poll(visitorSees, { timeout: 15_000 }).toBe('/');
  await expect(visitor.getByTestId('site-name')).toHaveText('测试会');
  await expect(visitor.getByTestId('conference-department')).toHaveText('主办单位：中国科研网络　学科：理学');
  await expect(visitor.getByTestId('footer-contacts')).toHaveText('联系方式: 王老师 010-12345678');
  await expect(visitor.getByTestId('home-hero')).toHaveAttribute('style', /\/api\/conference\/asset\/[a-f0-9]{32}\.png/);
  const bannerPath = /\/api\/conference\/asset\/[a-f0-9]{32}\.png/.exec(
    (await visitor.getByTestId('home-hero').getAttribute('style')) ?? '',
  )![0];
  expect(await visitor.evaluate(async (path) => (await fetch(path)).headers.get('content-type'), bannerPath)).toBe('image/png');

  // The creator takes it off line again.
  await page.reload();
  await expect(row.getByTestId('conference-status')).toHaveText('已发布');
  await row.getByTestId('cancel-publication').click();
  await answerConfirm(page);
  await expect(row.getByTestId('conference-status')).toHaveText('未发布');
  await expect.poll(visitorSees, { timeout: 15_000 }).toBe('/unpublished');

  // A participant cannot open the review.
  await page.goto('/console/review');
  await expect(page).toHaveURL(/\/403$/);
});
