import { expectNoSerious } from './support/axe';
import type { Browser, Page } from '@playwright/test';
import { hostUrl } from './support/env';
import { E2E } from './support/fixtures-data';
import { answerConfirm, login, waitForMail } from './support/helpers';
import { expect, test, waitForHydrationOnGoto } from './support/test';

/**
 * The conference's own mail in a real browser, on a conference of its own (`post`, planted by
 * e2e/seed.ts), in each language: the organiser sets up the mailbox pointing at the test SMTP server
 * on loopback (a port that is not an integer is refused under its field) and a test mail arrives
 * from the conference's sender; a template is reworded, previewed with sample values, saved and
 * restored; a bulk mail reaches the two registrants, each in the language they registered in, from
 * the conference's sender, and the history shows two delivered.
 */

type Lang = {
  prefix: '' | '/en';
  locale: string;
  portInvalid: string;
  saved: string;
  testSent: (to: string) => string;
  testSubject: string;
  templateSaved: string;
  custom: string;
  builtIn: string;
  sampleName: string;
  queued: string;
};

const ZH: Lang = {
  prefix: '',
  locale: 'zh-CN',
  portInvalid: '端口只能是 1–65535 的整数',
  saved: '邮件设置已保存',
  testSent: (to) => `测试邮件已发送到 ${to}`,
  testSubject: '【邮件测试会议】测试邮件',
  templateSaved: '模板已保存',
  custom: '已自定义',
  builtIn: '系统默认',
  sampleName: '张三',
  queued: '邮件已提交发送，共 2 人',
};
const EN: Lang = {
  prefix: '/en',
  locale: 'en-GB',
  portInvalid: 'The port is a whole number from 1 to 65535',
  saved: 'Mail settings saved',
  testSent: (to) => `Test mail sent to ${to}`,
  testSubject: '[Mail Test Conference] Test mail',
  templateSaved: 'Template saved',
  custom: 'Customised',
  builtIn: 'Built-in',
  sampleName: 'Jane Doe',
  queued: 'Mail queued for 2 recipients',
};

const tag = () => Math.random().toString(36).slice(2, 6).toUpperCase();
const port = () => {
  const value = process.env.E2E_SMTP_PORT;
  expect(value, 'the test SMTP server’s port (e2e/global-setup.ts)').toBeTruthy();
  return value!;
};

async function onPost(browser: Browser, lang: Lang): Promise<Page> {
  const context = await browser.newContext({ baseURL: hostUrl(E2E.postSlug, ''), locale: lang.locale });
  return waitForHydrationOnGoto(await context.newPage());
}

async function setUpMailbox(page: Page, lang: Lang, sender: string) {
  await page.goto(`${lang.prefix}/platform/config/email`);
  const form = page.getByTestId('mail-config-form');
  await page.getByTestId('mail-from-address').fill(sender);
  await page.getByTestId('mail-from-name').fill('Post Office');
  await page.getByTestId('mail-smtp-host').fill('127.0.0.1');
  await page.getByTestId('mail-smtp-port').fill('25.5');
  await page.getByTestId('mail-password').fill('Mailbox2026pass');
  await page.getByTestId('mail-confirm-password').fill('Mailbox2026pass');
  if (await page.getByTestId('mail-ssl').isChecked()) await page.getByTestId('mail-ssl').click();
  if (!(await page.getByTestId('mail-active').isChecked())) await page.getByTestId('mail-active').click();
  await page.getByTestId('mail-config-save').click();
  await expect(form.getByText(lang.portInvalid)).toBeVisible();
  await page.getByTestId('mail-smtp-port').fill(port());
  await page.getByTestId('mail-config-save').click();
  await expect(page.getByText(lang.saved)).toBeVisible();
  await expect(page.getByTestId('mail-password')).toHaveValue('');
}

async function loop(browser: Browser, lang: Lang) {
  const run = tag();
  const sender = `office-${run.toLowerCase()}@post.confhub.test`;
  const page = await onPost(browser, lang);
  await login(page, E2E.postManager, E2E.password, lang.prefix);

  // 1. The mailbox, and a test mail that arrives from the conference's sender.
  await setUpMailbox(page, lang, sender);
  const since = Date.now();
  await page.getByTestId('mail-test-to').fill(E2E.postManager);
  await page.getByTestId('mail-test-send').click();
  await expect(page.getByText(lang.testSent(E2E.postManager))).toBeVisible();
  const test = (await waitForMail(E2E.postManager, since)) as Awaited<ReturnType<typeof waitForMail>> & { from: string };
  expect(test.subject).toBe(lang.testSubject);
  expect(test.from).toBe(sender);

  // 2. A template reworded, previewed with sample values, saved, then the built-in wording restored.
  await page.getByTestId('mail-template-choose').selectOption('registrationSuccess');
  const template = page.getByTestId('mail-template');
  await page.getByTestId('mail-template-subject-zh').fill(`【{conference}】欢迎 {name} ${run}`);
  await page.getByTestId('mail-template-subject-en').fill(`Welcome {name} to {conference} ${run}`);
  await page.getByTestId('mail-template-body-en').fill('Dear {name},\nYour number is {code}.');
  await expect(page.getByTestId('mail-template-preview-zh')).toContainText(`【邮件测试会议】欢迎 ${ZH.sampleName} ${run}`);
  await expect(page.getByTestId('mail-template-preview-en')).toContainText(`Welcome ${EN.sampleName} to Mail Test Conference ${run}`);
  await expect(page.getByTestId('mail-template-preview-en')).toContainText('Your number is CONF-0001.');
  await page.getByTestId('mail-template-save').click();
  await expect(page.getByText(lang.templateSaved)).toBeVisible();
  await expect(template.getByTestId('mail-template-state')).toHaveText(lang.custom);
  await page.getByTestId('mail-template-restore').click();
  await answerConfirm(page);
  await expect(template.getByTestId('mail-template-state')).toHaveText(lang.builtIn);
  await expect(page.getByTestId('mail-template-subject-en')).toHaveValue('');
  // After the toasts of the save and the restore have gone (one caught fading in or out has half its contrast).
  await expectNoSerious(page, `${lang.prefix}/platform/config/email`, { withoutNotifications: true });

  // 3. A bulk mail to both registrants, each in their language, from the conference's sender.
  await page.goto(`${lang.prefix}/platform/manage/user`);
  for (const person of Object.values(E2E.postRegistrants)) {
    await page.getByTestId('registrant-row').filter({ hasText: person.email }).getByTestId('registrant-select').check();
  }
  await expect(page.getByTestId('bulk-mail-count')).toContainText('2');
  await page.getByTestId('bulk-mail-open').click();
  await expect(page.getByTestId('bulk-mail-recipients')).toContainText('2');
  await expectNoSerious(page, `${lang.prefix}/platform/manage/user with the bulk mail form`);
  await page.getByTestId('bulk-mail-subject-zh').fill(`{conference} 通知 ${run}`);
  await page.getByTestId('bulk-mail-body-zh').fill('{name}，您好：\n您的注册号是 {code}。');
  await page.getByTestId('bulk-mail-subject-en').fill(`{conference} notice ${run}`);
  await page.getByTestId('bulk-mail-body-en').fill('Dear {name},\nYour number is {code}.');
  const sent = Date.now();
  await page.getByTestId('bulk-mail-send').click();
  await expect(page.getByText(lang.queued)).toBeVisible();
  const zh = (await waitForMail(E2E.postRegistrants.zh.email, sent)) as Awaited<ReturnType<typeof waitForMail>> & { from: string };
  expect(zh.subject).toBe(`邮件测试会议 通知 ${run}`);
  expect(zh.text).toContain(`${E2E.postRegistrants.zh.name}，您好`);
  expect(zh.from).toBe(sender);
  const en = (await waitForMail(E2E.postRegistrants.en.email, sent)) as Awaited<ReturnType<typeof waitForMail>> & { from: string };
  expect(en.subject).toBe(`Mail Test Conference notice ${run}`);
  expect(en.text).toContain(`Dear ${E2E.postRegistrants.en.name},`);
  expect(en.from).toBe(sender);

  // 4. The history: this send, two recipients, two delivered, none failed.
  const subject = lang.prefix ? `{conference} notice ${run}` : `{conference} 通知 ${run}`;
  await expect(async () => {
    await page.reload();
    const row = page.getByTestId('mail-history-row').filter({ hasText: subject });
    await expect(row.getByTestId('mail-history-recipients')).toHaveText('2');
    await expect(row.getByTestId('mail-history-delivered')).toHaveText('2', { timeout: 1000 });
    await expect(row.getByTestId('mail-history-failed')).toHaveText('0');
  }).toPass({ timeout: 20_000 });
  await page.context().close();
}

test.describe('conference mail', () => {
  test.describe.configure({ mode: 'serial' });

  test('zh: mailbox set up and a test mail received, a template previewed, a bulk mail received in each language, history counted', async ({
    browser,
  }) => {
    await loop(browser, ZH);
  });

  test('en: mailbox set up and a test mail received, a template previewed, a bulk mail received in each language, history counted', async ({
    browser,
  }) => {
    await loop(browser, EN);
  });

  test('the mail settings on a 375 px phone: no sideways scroll', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: hostUrl(E2E.postSlug, ''), viewport: { width: 375, height: 800 } });
    const page = waitForHydrationOnGoto(await context.newPage());
    await login(page, E2E.postManager, E2E.password);
    for (const path of ['/platform/config/email', '/platform/manage/user']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways on a 375 px phone`).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
});
