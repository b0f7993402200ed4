import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '@/db/seed';
import { expectNoSerious } from './support/axe';
import { E2E } from './support/fixtures-data';
import { waitForMail } from './support/helpers';
import { expect, test, waitForHydrationOnGoto } from './support/test';

/**
 * The ticket (issue 24 point 1): a participant whose registration fee is paid finds, on a 375 × 667 phone, in
 * Chinese and in English, their ticket's QR code, registration number and name in the first screen of /profile
 * (held up at the door), and downloads the ticket as a PDF; the page passes axe.
 */
const PHONE: BrowserContextOptions = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true };
const LANGS = [
  { prefix: '', locale: 'zh-CN', holder: E2E.ticketHolders.zh, title: '电子票', pdf: '下载电子票 PDF' },
  { prefix: '/en', locale: 'en-GB', holder: E2E.ticketHolders.en, title: 'Your ticket', pdf: 'Download the ticket (PDF)' },
] as const;

async function signedIn(browser: Browser, email: string, locale: string): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, locale });
  const answer = await context.request.post('/api/base/oauth/localLogin', { data: { email, password: E2E.password } });
  expect(answer.status(), `login as ${email}`).toBe(200);
  return waitForHydrationOnGoto(await context.newPage());
}

for (const lang of LANGS) {
  test(`the paid participant's ticket is in the first screen of /profile at 375 px (${lang.locale})`, async ({ browser }) => {
    const page = await signedIn(browser, lang.holder.email, lang.locale);
    await page.goto(`${lang.prefix}/profile`);
    await expect(page).toHaveURL(new RegExp(`${lang.prefix}/profile/userInfo$`));
    const card = page.getByTestId('ticket-card');
    await expect(card.getByRole('heading', { name: lang.title })).toBeVisible();
    const qr = card.getByTestId('ticket-qr');
    await expect(qr).toBeInViewport({ ratio: 1 });
    const box = await qr.boundingBox();
    expect(box!.width, 'the QR code is large on a phone').toBeGreaterThanOrEqual(240);
    await expect(card.getByTestId('ticket-code')).toBeInViewport({ ratio: 1 });
    await expect(card.getByTestId('ticket-name')).toHaveText(lang.holder.name);
    await expect(card.getByTestId('ticket-name')).toBeInViewport({ ratio: 1 });
    // The QR code holds the token only: its accessible name says the registration number, never the email.
    await expect(qr).toHaveAttribute('aria-label', /\S+/);
    expect(await page.content()).not.toContain(`data-token`);

    const link = card.getByRole('link', { name: lang.pdf });
    await expect(link).toBeVisible();
    const pdf = await page.request.get((await link.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await expectNoSerious(page, `ticket on /profile (${lang.locale})`);
    await page.context().close();
  });
}

test('a participant without a paid registration sees no ticket', async ({ browser }) => {
  const page = await signedIn(browser, E2E.ticketUnpaid.email, 'zh-CN');
  await page.goto('/profile/userInfo');
  await expect(page.getByTestId('profile-name')).toBeVisible();
  await expect(page.getByTestId('ticket-card')).toHaveCount(0);
  await expect(page.getByTestId('ticket-pending')).toHaveText('完成注册缴费后，这里将显示您的电子票。');
  expect((await page.request.get('/api/conference/ticket/pdf')).status()).toBe(404);
  await page.context().close();
});

/**
 * The organiser reissues a ticket from the registrant's page (a lost phone): asked in the app's dialog, the version
 * goes up, and the registrant gets the new ticket by mail with its PDF attached. An unpaid registrant's page offers
 * no ticket to reissue.
 */
test('the organiser reissues a registrant’s ticket, which is mailed with its PDF', async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE, locale: 'zh-CN' });
  const answer = await context.request.post('/api/base/oauth/localLogin', { data: DEMO_ACCOUNTS.manager });
  expect(answer.status()).toBe(200);
  const registrantId = async (email: string) => {
    const list = await context.request.get(`/api/conference/manage/user/list?q=${encodeURIComponent(email)}`);
    const rows = ((await list.json()) as { data: { rows: { id: number; email: string }[] } }).data.rows;
    return rows.find((r) => r.email === email)!.id;
  };
  const page = waitForHydrationOnGoto(await context.newPage());
  await page.goto(`/platform/manage/userDetails?id=${await registrantId(E2E.ticketReissue.email)}`);
  const state = page.getByTestId('registrant-ticket-state');
  const before = Number(/第 (\d+) 版/.exec((await state.textContent()) ?? '')?.[1]);
  expect(before, 'the paid registrant holds a ticket').toBeGreaterThanOrEqual(1);
  const since = Date.now();
  const reissue = page.getByTestId('ticket-reissue');
  await reissue.scrollIntoViewIfNeeded();
  await expect(reissue).toBeInViewport();
  await reissue.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('旧的二维码在入场时将被拒绝');
  await dialog.getByRole('button', { name: '重新签发电子票' }).click();
  await expect(state).toContainText(`第 ${before + 1} 版`);
  const mail = await waitForMail(E2E.ticketReissue.email, since);
  expect(mail.subject).toContain('电子票');
  expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
  expect(mail.attachments[0].content.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.goto(`/en/platform/manage/userDetails?id=${await registrantId(E2E.ticketUnpaid.email)}`);
  await expect(page.getByTestId('registrant-ticket-state')).toHaveText(
    'The registration is not complete (unpaid or cancelled): no ticket.',
  );
  await expect(page.getByTestId('ticket-reissue')).toHaveCount(0);
  await context.close();
});
