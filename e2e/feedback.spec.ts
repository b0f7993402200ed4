import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '@/db/seed';
import { codeIn, login, uniqueEmail, waitForApp, waitForMail } from './support/helpers';
import { expect, test, waitForHydrationOnGoto } from './support/test';

/**
 * Feedback in a real browser, in both languages: the demo participant sends feedback with a file —
 * a wrong phone and a wrong emailed code are refused in the page's language, the code read from the
 * mail is accepted — the organiser finds it through the list's filters, opens it, downloads the file
 * and replies; the participant sees the reply marked new, then read, and receives it by mail in the
 * language the feedback was written in. The English run is on a 375 px phone for both people.
 */

const participant = DEMO_ACCOUNTS.participant;
const manager = DEMO_ACCOUNTS.manager;
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
const PHONE: BrowserContextOptions = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };

const LANGS = [
  {
    prefix: '',
    locale: 'zh-CN',
    phone: false,
    type: 'hotel',
    title: '酒店是否提供接机服务',
    content: '请问会议期间酒店是否提供机场接送？\n我的航班预计晚上十点到达。',
    phoneInvalid: '电话号码格式不正确',
    codeWrong: '验证码错误',
    sent: '反馈已提交，我们会尽快回复',
    awaiting: '待回复',
    replied: '已回复',
    reply: '您好，会务组将在首都机场安排接机，请在报到前一天告知航班号。',
    replySent: '回复已发送，并已邮件通知反馈人',
    newMark: '新回复',
    mailSubject: /^【.+】您的反馈已回复：酒店是否提供接机服务 /,
  },
  {
    prefix: '/en',
    locale: 'en-GB',
    phone: true,
    type: 'payment',
    title: 'Card payment declined twice',
    content: 'My card was declined twice on the payment page.\nCan I pay by bank transfer instead?',
    phoneInvalid: 'Please enter a valid phone number',
    codeWrong: 'Verify code wrong',
    sent: 'Feedback sent; we will reply soon',
    awaiting: 'Awaiting reply',
    replied: 'Replied',
    reply: 'Yes: choose bank transfer on the payment page and upload the slip there.',
    replySent: 'Reply sent and mailed to the sender',
    newMark: 'New',
    mailSubject: /^\[.+\] Reply to your feedback: Card payment declined twice /,
  },
] as const;

async function signedIn(browser: Browser, account: { email: string; password: string }, lang: (typeof LANGS)[number]) {
  const context = await browser.newContext({ locale: lang.locale, ...(lang.phone ? PHONE : {}) });
  const page = waitForHydrationOnGoto(await context.newPage());
  await login(page, account.email, account.password, lang.prefix);
  return { context, page };
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

for (const lang of LANGS) {
  test(`${lang.prefix ? 'en (375 px phone)' : 'zh'}: a participant sends feedback, the organiser filters and replies, the participant reads the reply`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const email = uniqueEmail(`feedback${lang.prefix ? 'en' : 'zh'}`);
    const tag = `${lang.title} ${Date.now().toString(36)}`;

    // 1. The participant's form: a wrong phone, then a wrong code, are refused; the mailed code is taken.
    const p = await signedIn(browser, participant, lang);
    await p.page.goto(`${lang.prefix}/profile/feedback`);
    const form = p.page.getByTestId('feedback-form');
    await expect(form.getByTestId('feedback-name')).not.toHaveValue('');
    await form.getByTestId('feedback-title').fill(tag);
    await form.getByTestId('feedback-type').selectOption(lang.type);
    await form.getByTestId('feedback-content').fill(lang.content);
    await form.getByTestId('feedback-phone').fill('12');
    const [chooser] = await Promise.all([p.page.waitForEvent('filechooser'), form.getByTestId('feedback-upload').click()]);
    await chooser.setFiles({ name: 'boarding-pass.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(form.getByTestId('feedback-file-name')).toHaveText('boarding-pass.pdf');
    await form.getByTestId('feedback-email').fill(email);
    const since = Date.now();
    await form.getByTestId('send-code').click();
    const code = codeIn(await waitForMail(email, since));
    await form.getByTestId('feedback-code').fill(code === '000000' ? '111111' : '000000');
    await form.getByTestId('feedback-submit').click();
    await expect(form.getByText(lang.phoneInvalid)).toBeVisible();
    await form.getByTestId('feedback-phone').fill('+86 10 5881 2000');
    await form.getByTestId('feedback-submit').click();
    await expect(p.page.getByText(lang.codeWrong).first()).toBeVisible();
    await form.getByTestId('feedback-code').fill(code);
    if (lang.phone) await noSidewaysScroll(p.page);
    await form.getByTestId('feedback-submit').click();
    await expect(p.page.getByText(lang.sent)).toBeVisible();
    const item = p.page.getByTestId('my-feedback-item').filter({ hasText: tag });
    await expect(item.getByTestId('feedback-status')).toHaveText(lang.awaiting);
    await expect(item.getByTestId('my-feedback-unread')).toHaveCount(0);

    // 2. The organiser finds it through the filters (search, type, still open), opens it and replies.
    const o = await signedIn(browser, manager, lang);
    await o.page.goto(`${lang.prefix}/platform/manage/userFeedBack`);
    await o.page.getByTestId('feedback-search').fill(tag);
    await o.page.getByTestId('feedback-filter-type').selectOption(lang.type);
    await o.page.getByTestId('feedback-filter-status').selectOption('open');
    await o.page.getByTestId('feedback-apply').click();
    await expect(o.page).toHaveURL(new RegExp(`[?&]type=${lang.type}(&|$)`));
    await waitForApp(o.page);
    const rows = o.page.getByTestId('admin-feedback-row');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(email);
    await rows.getByTestId('admin-feedback-open').click();
    await expect(o.page).toHaveURL(/[?&]id=\d+/);
    await waitForApp(o.page);
    const detail = o.page.getByTestId('admin-feedback-detail');
    await expect(detail.getByTestId('feedback-summary-title')).toHaveText(tag);
    const fileLink = detail.getByTestId('feedback-file-link');
    await expect(fileLink).toHaveText('boarding-pass.pdf');
    const file = await o.context.request.get((await fileLink.getAttribute('href'))!);
    expect(file.status()).toBe(200);
    expect((await file.body()).toString('latin1')).toBe(PDF.toString('latin1'));
    // The participant may not download it through the organisers' call.
    expect((await p.context.request.get((await fileLink.getAttribute('href'))!)).status()).toBe(403);
    if (lang.phone) await noSidewaysScroll(o.page);
    const replySince = Date.now();
    await detail.getByTestId('feedback-reply-content').fill(lang.reply);
    await detail.getByTestId('feedback-reply-submit').click();
    await expect(o.page.getByText(lang.replySent)).toBeVisible();
    await expect(detail.getByTestId('feedback-reply')).toContainText(lang.reply);
    await expect(detail.getByTestId('feedback-status')).toHaveText(lang.replied);
    // Now it is among the replied ones, not the open ones.
    await o.page.goto(`${lang.prefix}/platform/manage/userFeedBack?status=replied&q=${encodeURIComponent(tag)}`);
    await expect(o.page.getByTestId('admin-feedback-row')).toHaveCount(1);
    const exported = await o.context.request.get(`/api/conference/manage/feedback/export?q=${encodeURIComponent(tag)}`);
    expect(exported.headers()['content-type']).toContain('spreadsheetml');

    // 3. The participant sees the reply marked new, opens it (then it is read), and has it by mail.
    await p.page.goto(`${lang.prefix}/profile/feedback`);
    await expect(item.getByTestId('feedback-status')).toHaveText(lang.replied);
    await expect(item.getByTestId('my-feedback-unread')).toBeVisible();
    await item.getByRole('link', { name: tag }).click();
    await expect(p.page).toHaveURL(/\/profile\/feedBackDetails\?id=\d+/);
    await waitForApp(p.page);
    const reply = p.page.getByTestId('feedback-reply');
    await expect(reply).toContainText(lang.reply);
    await expect(reply.getByTestId('feedback-reply-new')).toHaveText(lang.newMark);
    await p.page.reload();
    await expect(reply).toHaveAttribute('data-unread', 'false');
    await expect(reply.getByTestId('feedback-reply-new')).toHaveCount(0);
    await p.page.goto(`${lang.prefix}/profile/feedback`);
    await expect(item.getByTestId('my-feedback-unread')).toHaveCount(0);
    const mail = await waitForMail(email, replySince);
    expect(mail.subject).toMatch(lang.mailSubject);
    expect(mail.subject.endsWith(tag)).toBe(true);
    expect(mail.text).toContain(lang.reply);
    await p.context.close();
    await o.context.close();
  });
}
