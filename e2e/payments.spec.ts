import type { Browser, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '@/db/seed';
import { E2E } from './support/fixtures-data';
import { answerConfirm, confirmDialog, login, waitForApp, waitForMail } from './support/helpers';
import { expect, test, waitForHydrationOnGoto } from './support/test';

/**
 * Paying fees in a real browser, in both languages, through the providers' stand-ins on loopback
 * (started by global-setup), each method kind in each language: the WeChat Pay QR code shown (and
 * scanned), a card at the Stripe sandbox's checkout page (paid, and once abandoned), Alipay's
 * redirect, and a bank transfer whose slip the organiser confirms; receipt PDFs are downloaded.
 */

// A 1×1 PNG: a real picture for the transfer slip.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The unpaid order of this item on my order list, and its pay button. */
async function payOrder(page: Page, prefix: string, item: RegExp, method: string) {
  await page.goto(`${prefix}/profile/order/list`);
  const row = page.getByTestId('order-row').filter({ hasText: item });
  await row.getByTestId('pay-order').click();
  await waitForApp(page);
  await expect(page).toHaveURL(/\/profile\/order\/pay\/goto\/\d+$/);
  await page.getByTestId(`pay-method-${method}`).check();
  await page.getByTestId('pay-submit').click();
}

async function expectPaid(page: Page) {
  await expect(page).toHaveURL(/\/profile\/order\/pay\/goto\/result\/\d+/);
  await expect(page.getByTestId('bill-status')).toHaveAttribute('data-status', 'paid', { timeout: 20_000 });
}

/** The receipt of a paid order: its page, then the PDF it offers. */
async function downloadReceipt(page: Page) {
  await page.getByTestId('receipt-link').first().click();
  await waitForApp(page);
  await expect(page.getByTestId('receipt-lines')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('receipt-download').click()]);
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(path).subarray(0, 4).toString()).toBe('%PDF');
}

/** The WeChat QR code is shown; a phone "scans" it at the stand-in, which pays and notifies the app. */
async function scanQr(page: Page) {
  const qr = page.getByTestId('wechat-qr').locator('img');
  await expect(qr).toBeVisible();
  const content = await qr.getAttribute('data-qr-content');
  expect(content).toMatch(/^weixin:\/\//);
  return content!;
}

async function confirmAsOrganiser(browser: Browser, billNo: string) {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = waitForHydrationOnGoto(await context.newPage());
  await login(page, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
  await page.goto('/platform/manage/order');
  const row = page.locator(`[data-testid="awaiting-row"][data-bill="${billNo}"]`);
  await expect(row).toContainText('slip.png');
  // "Confirm received" asks in the app's dialog: cancel leaves the transfer waiting, OK confirms it.
  await row.getByTestId('confirm-transfer').click();
  await expect(confirmDialog(page)).toContainText('确认已收到这笔汇款？');
  await answerConfirm(page, 'cancel');
  await page.reload();
  await expect(row).toContainText('slip.png');
  await row.getByTestId('confirm-transfer').click();
  await answerConfirm(page);
  await expect(row).toHaveCount(0);
  // The order is paid in the list, filtered by the paid group.
  await page.goto('/platform/manage/order?pay=success');
  await expect(page.getByTestId('admin-order-row').first()).toBeVisible();
  await context.close();
}

test.describe('payments', () => {
  test.describe.configure({ mode: 'serial' });
  // Each test walks a whole payment journey (several providers, a second browser for the organiser).
  test.setTimeout(180_000);

  test('zh: WeChat QR paid by a scan, a card payment abandoned then a bank transfer confirmed by the organiser, Alipay', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = waitForHydrationOnGoto(await context.newPage());
    const email = E2E.payers[0];
    await login(page, email, E2E.password);

    // Registration fee by WeChat Pay: the QR code, then a scan.
    await payOrder(page, '', /正式代表/, 'weChat');
    await expect(page).toHaveURL(/\/profile\/order\/pay\/goto\/result\/\d+/);
    await expect(page.getByTestId('bill-state')).toHaveText('等待支付');
    const since = Date.now();
    const content = await scanQr(page);
    const scanned = await fetch(`${process.env.E2E_WECHAT_URL}/standin/scan`, {
      method: 'POST',
      body: JSON.stringify({ code_url: content }),
    });
    expect(((await scanned.json()) as { delivered: number }).delivered).toBe(200);
    await expectPaid(page);
    await expect(page.getByTestId('bill-state')).toHaveText('支付成功');
    const mail = await waitForMail(email, since, 20_000, '支付成功');
    expect(mail.subject).toContain('支付成功');
    await downloadReceipt(page);

    // The banquet by card: the payer leaves Stripe's page, then pays by bank transfer instead.
    await payOrder(page, '', /会议晚宴/, 'stripe');
    await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await waitForApp(page);
    await expect(page.getByText('您已离开支付页面')).toBeVisible();
    await payOrder(page, '', /会议晚宴/, 'bankRemit');
    await waitForApp(page);
    await expect(page.getByTestId('transfer-details')).toContainText('中国工商银行北京中关村支行');
    const billNo = (await page.getByTestId('bill-no').textContent())!.trim();
    await expect(page.getByTestId('transfer-reference')).toContainText(billNo);
    await page.locator('input[type="file"]').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('slip-send').click();
    await expect(page.getByTestId('bill-status')).toHaveAttribute('data-status', 'toBeConfirmed');

    await confirmAsOrganiser(browser, billNo);
    await page.reload();
    await expect(page.getByTestId('bill-status')).toHaveAttribute('data-status', 'paid');
    await page.goto('/profile/order/list');
    await expect(
      page
        .getByTestId('order-row')
        .filter({ hasText: /会议晚宴/ })
        .getByTestId('order-status'),
    ).toHaveText('已支付');

    // The tour by Alipay: its page, then back to the result.
    await payOrder(page, '', /中关村科学城参观/, 'aliPay');
    await page.getByRole('button', { name: 'Pay' }).click();
    await waitForApp(page);
    await expectPaid(page);
    await expect(page.getByTestId('bill-state')).toHaveText('支付成功');
    await context.close();
  });

  test('en: the WeChat QR shown then Alipay for the registration fee, the banquet by card, a bank transfer confirmed', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = waitForHydrationOnGoto(await context.newPage());
    await login(page, E2E.payers[1], E2E.password, '/en');

    await payOrder(page, '/en', /Delegate/, 'weChat');
    await expect(page.getByTestId('bill-state')).toHaveText('Waiting for the payment');
    await scanQr(page);

    // The payer switches to Alipay: the WeChat payment is replaced, Alipay's page pays and returns.
    await payOrder(page, '/en', /Delegate/, 'aliPay');
    await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    await waitForApp(page);
    await expectPaid(page);
    await expect(page.getByTestId('bill-state')).toHaveText('Paid');

    await payOrder(page, '/en', /banquet/, 'stripe');
    await page.getByRole('button', { name: 'Pay' }).click();
    await waitForApp(page);
    await expectPaid(page);
    await downloadReceipt(page);

    await page.goto('/en/profile/order/list');
    await expect(
      page
        .getByTestId('order-row')
        .filter({ hasText: /Delegate/ })
        .getByTestId('order-status'),
    ).toHaveText('Paid');
    await expect(
      page
        .getByTestId('order-row')
        .filter({ hasText: /banquet/ })
        .getByTestId('order-receipt'),
    ).toBeVisible();

    // The tour by bank transfer, confirmed by the organiser.
    await payOrder(page, '/en', /tour/, 'bankRemit');
    await waitForApp(page);
    await expect(page.getByTestId('transfer-details')).toContainText('ICBC Beijing Zhongguancun Branch');
    const billNo = (await page.getByTestId('bill-no').textContent())!.trim();
    await page.locator('input[type="file"]').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('slip-send').click();
    await expect(page.getByTestId('bill-status')).toHaveAttribute('data-status', 'toBeConfirmed');
    await confirmAsOrganiser(browser, billNo);
    await page.reload();
    await expect(page.getByTestId('bill-status')).toHaveAttribute('data-status', 'paid');
    await context.close();
  });

  test('the organiser sees secrets only as "set", and cannot switch a method on without its fields', async ({ page }) => {
    await login(page, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password, '/en');
    await page.goto('/en/platform/config/pay');
    await page.getByTestId('method-stripe').getByRole('button').first().click();
    const form = page.getByTestId('method-form-stripe');
    await expect(form.getByTestId('secret-secretKey')).toHaveValue('');
    await expect(form).toContainText('Set — type a new value to replace it');
    const html = await page.content();
    expect(html).not.toContain('sk_test_confhub_demo_sandbox');
    expect(html).not.toContain('whsec_confhub_demo_sandbox');

    // PayPal without its client id, webhook id and secret: refused, naming them, nothing saved.
    await page.getByTestId('method-payPal').getByRole('button').first().click();
    const paypal = page.getByTestId('method-form-payPal');
    await paypal.getByTestId('method-enabled').check();
    await paypal.getByTestId('method-save').click();
    await expect(
      page.getByText('Please fill in every required field before switching the method on: clientId, webhookId, clientSecret'),
    ).toBeVisible();
    await page.reload();
    // The badge in the accordion header, not the switch's label inside the (mounted, collapsed) panel.
    await expect(page.getByTestId('method-stripe').getByTestId('method-on')).toBeVisible();
    await expect(page.getByTestId('method-payPal').getByTestId('method-on')).toHaveCount(0);
  });
});
