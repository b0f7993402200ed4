import { DEMO_ACCOUNTS } from '@/db/seed';
import { hostUrl } from './support/env';
import { E2E } from './support/fixtures-data';
import { login, waitForMail } from './support/helpers';
import { expect, test } from './support/test';

const SLUG = 'e2e-conf';

test('a user creates a conference and requests publication; the platform administrator rejects, then approves; cancelling takes it off line', async ({ page, browser }) => {
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

  const since = Date.now();
  await row.getByTestId('request-publication').click();
  await expect(row.getByTestId('conference-status')).toHaveText('待审核');
  const notice = await waitForMail(DEMO_ACCOUNTS.platformAdmin.email, since);
  expect(notice.subject).toContain('端到端测试会议');

  // The platform administrator, in English: a rejection needs a reason.
  const admin = await browser.newPage();
  await login(admin, DEMO_ACCOUNTS.platformAdmin.email, DEMO_ACCOUNTS.platformAdmin.password, '/en');
  await admin.goto('/en/console');
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
  await expect(row.getByTestId('conference-status')).toHaveText('待审核');

  await admin.reload();
  await admin.locator(`[data-request="${SLUG}"]`).getByTestId('approve-request').click();
  await expect(admin.getByTestId('review-empty')).toBeVisible();
  await expect.poll(visitorSees, { timeout: 15_000 }).toBe('/');
  await expect(visitor.getByTestId('site-name')).toHaveText('测试会');

  // The creator takes it off line again.
  await page.reload();
  await expect(row.getByTestId('conference-status')).toHaveText('已发布');
  page.once('dialog', (dialog) => dialog.accept());
  await row.getByTestId('cancel-publication').click();
  await expect(row.getByTestId('conference-status')).toHaveText('未发布');
  await expect.poll(visitorSees, { timeout: 15_000 }).toBe('/unpublished');

  // A participant cannot open the review.
  await page.goto('/console/review');
  await expect(page).toHaveURL(/\/403$/);
});
