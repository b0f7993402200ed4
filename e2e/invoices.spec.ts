import { expectNoSerious } from './support/axe';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '@/db/seed';
import { E2E } from './support/fixtures-data';
import { login, waitForMail } from './support/helpers';
import { expect, test, waitForHydrationOnGoto } from './support/test';

/**
 * Invoices in a real browser, in both languages: the demo participant (whose registration fee the
 * e2e seed paid by a confirmed bank transfer) requests a company invoice under the order's receipt
 * — refused without the taxpayer id in Chinese and in English, then sent — and the organiser moves
 * it to "to be invoiced" and "invoiced" with a tracking number, which the participant then sees
 * (and receives by mail in the language the request was made in).
 */

const participant = DEMO_ACCOUNTS.participant;
const manager = DEMO_ACCOUNTS.manager;
const TRACKING = 'SF1234567890';
const COMPANY = '北京开放科学数据有限公司';

type Order = { id: number; orderNo: string; type: string; payStatus: string };

async function signedIn(browser: Browser, account: { email: string; password: string }, locale: string, prefix = '') {
  const context = await browser.newContext({ locale });
  const page = waitForHydrationOnGoto(await context.newPage());
  await login(page, account.email, account.password, prefix);
  return { context, page };
}

/** The participant's paid registration order, read through the order list API (the page's session). */
async function paidOrder(context: BrowserContext): Promise<Order> {
  const answer = await context.request.get('/api/conference/order/list');
  expect(answer.status()).toBe(200);
  const orders = ((await answer.json()) as { data: Order[] }).data;
  const paid = orders.find((o) => o.type === 'registration' && ['success', 'paid'].includes(o.payStatus));
  expect(paid, 'the e2e seed pays the demo participant’s registration fee').toBeDefined();
  return paid!;
}

/** Fills the invoice form as a company posted a paper invoice, leaving the taxpayer id as it is. */
async function fillCompany(page: Page, companyLabel: string, postLabel: string) {
  const form = page.getByTestId('invoice-form');
  await form.getByRole('radio', { name: companyLabel }).check();
  await form.getByTestId('invoice-title').fill(COMPANY);
  await form.getByRole('radio', { name: postLabel }).check();
  await form.getByTestId('invoice-recipientName').fill('张三');
  await form.getByTestId('invoice-phone').fill('+86 10 6260 0000');
  await form.getByTestId('invoice-address').fill('北京市海淀区中关村南四街 4 号');
  return form;
}

/** axe on the page as it stands (a new state of the invoice screens), once notifications are gone. */
test.describe('invoices', () => {
  test.describe.configure({ mode: 'serial' });
  let order: Order;

  test('zh and en: a company invoice needs the taxpayer id; the request is sent and shown under the receipt', async ({ browser }) => {
    const { context, page } = await signedIn(browser, participant, 'zh-CN');
    order = await paidOrder(context);

    await page.goto(`/profile/order/receipt/${order.id}`);
    await expect(page.getByTestId('receipt-lines')).toBeVisible();
    const panel = page.getByTestId('invoice-panel');
    await expect(panel).toHaveAttribute('data-state', 'open');
    await expect(page.getByTestId('invoice-window')).toContainText('90 天');
    await expect(page.getByTestId('invoice-amount')).toHaveValue(/1,200\.00/);
    let form = await fillCompany(page, '单位', '纸质发票（邮寄）');
    await expect(form.getByTestId('invoice-taxpayer-id')).toHaveValue('');
    await form.getByTestId('invoice-submit').click();
    await expect(form.getByText('单位发票须填写纳税人识别号')).toBeVisible();
    await expect(panel).toHaveAttribute('data-state', 'open');

    await page.goto(`/en/profile/order/receipt/${order.id}`);
    await expect(page.getByTestId('invoice-window')).toContainText('90 days');
    form = await fillCompany(page, 'Company', 'Paper invoice by post');
    await form.getByTestId('invoice-submit').click();
    await expect(form.getByText('A company invoice needs the taxpayer ID')).toBeVisible();
    await form.getByTestId('invoice-taxpayer-id').fill('91110108ma01abcd2x');
    await form.getByTestId('invoice-submit').click();
    await expect(page.getByText('Invoice request submitted')).toBeVisible();
    await expect(page.getByTestId('invoice-panel')).toHaveAttribute('data-state', 'requested');
    await expect(page.getByTestId('invoice-status')).toHaveText('Not invoiced yet');
    await expect(page.getByTestId('invoice-request')).toContainText('91110108MA01ABCD2X');
    await expect(page.getByTestId('invoice-request')).toContainText(COMPANY);

    // Once only: the form is gone, and the API says so in the caller's language.
    await page.goto(`/profile/order/receipt/${order.id}`);
    await expect(page.getByTestId('invoice-status')).toHaveText('未开票');
    await expect(page.getByTestId('invoice-form')).toHaveCount(0);
    const again = await context.request.post('/api/conference/invoice/request', {
      headers: { 'x-locale': 'zh' },
      data: {
        orderId: order.id,
        delivery: 'post',
        titleType: 'personal',
        title: '张三',
        recipientName: '张三',
        phone: '13800138000',
        address: '北京',
        email: participant.email,
      },
    });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe('该订单已申请过发票，请勿重复申请。');
    await context.close();
  });

  test('the organiser moves it to be invoiced, then invoiced with a tracking number; the participant sees it', async ({ browser }) => {
    const { context, page } = await signedIn(browser, manager, 'zh-CN');
    await page.goto('/platform/manage/receipt');
    await expect(page.getByRole('link', { name: '发票管理' })).toBeVisible();
    await page.getByTestId('invoice-search').fill(order.orderNo);
    // The filter is a plain form: a new document loads, and its buttons work once it is hydrated.
    await page.getByTestId('invoice-apply').click();
    await page.waitForURL(/[?&]q=/);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const row = page.locator(`[data-testid="admin-invoice-row"][data-order="${order.orderNo}"]`);
    await expect(row).toHaveAttribute('data-status', 'unbilled');
    await expect(row).toContainText(COMPANY);
    await expect(row).toContainText('91110108MA01ABCD2X');

    await row.getByTestId('invoice-to-be-invoiced').click();
    await expect(row).toHaveAttribute('data-status', 'toBeInvoiced');
    await expect(row.getByTestId('admin-invoice-status')).toHaveText('待开票');

    const since = Date.now();
    await row.getByTestId('invoice-mark-invoiced').click();
    const dialog = page.getByTestId('invoice-invoiced-form');
    await dialog.getByTestId('invoice-invoiced-submit').click();
    await expect(dialog.getByText('标记为已开票时请填写快递单号')).toBeVisible();
    await dialog.getByTestId('invoice-tracking-input').fill(TRACKING);
    await dialog.getByTestId('invoice-invoiced-submit').click();
    await expect(row).toHaveAttribute('data-status', 'invoiced');
    await expect(row.getByTestId('admin-invoice-tracking')).toHaveText(TRACKING);
    await expect(row.getByTestId('invoice-mark-invoiced')).toHaveCount(0);

    // The export holds what the filters show.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-invoices').click()]);
    const { readFileSync } = await import('node:fs');
    expect([...readFileSync(await download.path()).subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    await context.close();

    // The request was made on the English page: the mail is in English, to the invoice's email.
    const mail = await waitForMail(participant.email, since);
    expect(mail.subject).toContain('Your invoice has been issued');
    expect(mail.text).toContain(TRACKING);

    const seen = await signedIn(browser, participant, 'en-GB', '/en');
    await seen.page.goto(`/en/profile/order/receipt/${order.id}`);
    await expect(seen.page.getByTestId('invoice-status')).toHaveText('Invoiced');
    await expect(seen.page.getByTestId('invoice-tracking')).toHaveText(TRACKING);
    await seen.page.goto(`/profile/order/receipt/${order.id}`);
    await expect(seen.page.getByTestId('invoice-status')).toHaveText('已开票');
    await expect(seen.page.getByTestId('invoice-tracking')).toHaveText(TRACKING);
    await seen.context.close();
  });

  // A minimal PDF as an invoice system exports it (the server checks the %PDF signature).
  const E_INVOICE = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  /** The zh participant's order, whose e-invoice the en participant must not get. */
  let withFile = 0;
  const LANGS = [
    {
      lang: 'zh',
      prefix: '',
      locale: 'zh-CN',
      email: E2E.financePayers.zh,
      special: '增值税专用发票',
      company: '单位',
      byEmail: '电子发票（邮件）',
      accountRequired: '增值税专用发票须填写银行账号',
    },
    {
      lang: 'en',
      prefix: '/en',
      locale: 'en-GB',
      email: E2E.financePayers.en,
      special: 'Special VAT invoice',
      company: 'Company',
      byEmail: 'Electronic invoice by email',
      accountRequired: 'A special VAT invoice needs the company’s bank account number',
    },
  ] as const;
  for (const l of LANGS) {
    test(`${l.lang}: a special VAT invoice by email; the organiser attaches the PDF; the participant downloads it from the order page`, async ({
      browser,
    }) => {
      // Two people's sessions, an upload and a download, with axe three times: longer than the default minute.
      test.setTimeout(180_000);
      const who = await signedIn(browser, { email: l.email, password: E2E.password }, l.locale, l.prefix);
      const mine = await paidOrder(who.context);
      await who.page.goto(`${l.prefix}/profile/order/receipt/${mine.id}`);
      const form = who.page.getByTestId('invoice-form');
      await form.getByRole('radio', { name: l.special }).check();
      // Special → a company; by email is the default, to the registrant's address, with no postal address asked.
      await expect(form.getByRole('radio', { name: l.company })).toBeChecked();
      await expect(form.getByRole('radio', { name: l.byEmail })).toBeChecked();
      await expect(form.getByTestId('invoice-email')).toHaveValue(l.email);
      await expect(form.getByTestId('invoice-address')).toHaveCount(0);
      await form.getByTestId('invoice-title').fill(COMPANY);
      await form.getByTestId('invoice-taxpayer-id').fill('91110108MA01ABCD2X');
      await form.getByTestId('invoice-submit').click();
      // The company's registered details are required, each on its field.
      await expect(form.getByTestId('invoice-special-fields').getByText(l.accountRequired)).toBeVisible();
      await expectNoSerious(who.page, 'the special VAT invoice form with its errors', { withoutNotifications: true });
      await form.getByTestId('invoice-registeredAddress').fill('北京市海淀区中关村南四街 4 号');
      await form.getByTestId('invoice-registeredPhone').fill('010-62600000');
      await form.getByTestId('invoice-bankName').fill('中国工商银行北京中关村支行');
      await form.getByTestId('invoice-bankAccount').fill('0200 0045 0902 1234 567');
      await form.getByTestId('invoice-submit').click();
      await expect(who.page.getByTestId('invoice-panel')).toHaveAttribute('data-state', 'requested');
      await expect(who.page.getByTestId('invoice-type')).toHaveAttribute('data-type', 'special');
      await expect(who.page.getByTestId('invoice-delivery')).toHaveAttribute('data-delivery', 'email');
      await expect(who.page.getByTestId('invoice-file-download')).toHaveCount(0);

      const org = await signedIn(browser, manager, l.locale, l.prefix);
      await org.page.goto(`${l.prefix}/platform/manage/receipt?q=${mine.orderNo}`);
      const row = org.page.locator(`[data-testid="admin-invoice-row"][data-order="${mine.orderNo}"]`);
      await row.getByTestId('invoice-to-be-invoiced').click();
      await expect(row).toHaveAttribute('data-status', 'toBeInvoiced');
      const since = Date.now();
      await row.getByTestId('invoice-attach-file').click();
      const dialog = org.page.getByTestId('invoice-file-form');
      // A picture named .pdf is refused by its content, under the field.
      await dialog
        .locator('input[type="file"]')
        .setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') });
      // Picking a file sends nothing: the dialog says what sending will do, and waits for its own button.
      await expect(dialog.getByTestId('invoice-file-consequence')).toBeVisible();
      await expect(row).toHaveAttribute('data-status', 'toBeInvoiced');
      await dialog.getByTestId('invoice-file-send').click();
      await expect(dialog.getByRole('alert')).toBeVisible();
      await expect(row).toHaveAttribute('data-status', 'toBeInvoiced');
      await expectNoSerious(org.page, 'the e-invoice upload dialog', { withoutNotifications: true });
      await dialog.locator('input[type="file"]').setInputFiles({ name: 'fapiao.pdf', mimeType: 'application/pdf', buffer: E_INVOICE });
      await dialog.getByTestId('invoice-file-send').click();
      await expect(row).toHaveAttribute('data-status', 'invoiced');
      await expect(row.getByTestId('admin-invoice-file')).toBeVisible();
      await org.context.close();

      const mail = await waitForMail(l.email, since);
      expect(mail.text).toContain(`${l.prefix}/profile/order/receipt/${mine.id}`);

      await who.page.reload();
      const link = who.page.getByTestId('invoice-file-download');
      const [download] = await Promise.all([who.page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toBe(`invoice-${mine.orderNo}.pdf`);
      const { readFileSync } = await import('node:fs');
      expect(readFileSync(await download.path()).equals(E_INVOICE)).toBe(true);
      await expectNoSerious(who.page, 'the invoiced request with its e-invoice', { withoutNotifications: true });
      // Another participant's e-invoice is not found.
      if (l.lang === 'zh') withFile = mine.id;
      else expect((await who.context.request.get(`/api/conference/invoice/file?orderId=${withFile}`)).status()).toBe(404);
      await who.context.close();
    });
  }
});
