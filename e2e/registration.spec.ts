import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { DEMO_ACCOUNTS } from '@/db/seed';
import { hostUrl } from './support/env';
import { E2E } from './support/fixtures-data';
import { answerConfirm, login } from './support/helpers';
import { expect, test } from './support/test';

test.describe.serial('the organiser designs the form, a participant fills it', () => {
  test('an organiser adds a custom select item in both languages and sees it in both previews', async ({ page }) => {
    // A long walk through the whole registration setup.
    test.setTimeout(120_000);
    await login(page, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    await page.goto('/platform/config/register');
    await page.getByTestId('add-field').click();
    const editor = page.getByTestId('field-editor');
    await editor.getByTestId('field-type').click();
    await page.getByRole('option', { name: '下拉选择', exact: true }).click();
    await editor.getByLabel('中文名称').fill('饮食偏好');
    await editor.getByLabel('英文名称').fill('Dietary needs');
    await editor.getByTestId('save-field').click();
    await expect(page.getByText('单选、多选和下拉项至少需要一个选项')).toBeVisible();
    // The first option's code is the organiser's own; the second is left empty and made from its name.
    for (const [value, zh, en] of [
      ['veg', '素食', 'Vegetarian'],
      ['', '清真', 'Halal'],
    ]) {
      await editor.getByTestId('add-option').click();
      await editor.getByLabel('选项值').last().fill(value);
      await editor.getByLabel('中文', { exact: true }).last().fill(zh);
      await editor.getByLabel('英文', { exact: true }).last().fill(en);
    }
    await editor.getByLabel('必填').check();
    await expect(editor.getByLabel('必填')).toBeChecked();
    await editor.getByTestId('save-field').click();
    await expect(page.getByText('表单项已保存')).toBeVisible();
    await expect(page.getByTestId('field-table')).toContainText('饮食偏好');
    await expect(page.getByTestId('preview-zh')).toContainText('饮食偏好');
    await page.getByRole('tab', { name: 'English' }).click();
    await expect(page.getByTestId('preview-en')).toContainText('Dietary needs');
    // The saved switches show as they are stored, and saving the basics keeps them.
    await expect(page.getByTestId('switch-registerModuleEnabled')).toBeChecked();
    await expect(page.getByTestId('switch-registerFlag')).toBeChecked();
    // The English notice is rich text: a bold line added with the toolbar.
    const notice = page.getByTestId('instructions-en').locator('.ProseMirror');
    await notice.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.getByTestId('instructions-en').getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('Bring your badge every day.');
    await page.getByRole('button', { name: '保存基本设置' }).click();
    await expect(page.getByText('基本设置已保存')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('switch-registerFlag')).toBeChecked();
    // Rule versions: add one, the version in use cannot be deleted, the new one can.
    await page.getByTestId('add-version').click();
    const ruleForm = page.getByTestId('rule-form');
    await ruleForm.getByLabel('版本').fill('bad name');
    await ruleForm.getByTestId('rule-save').click();
    await expect(ruleForm.getByText('版本名只能包含字母、数字、- 和 _（最多 30 个字符）')).toBeVisible();
    await ruleForm.getByLabel('版本').fill('onsite');
    await ruleForm.getByLabel('说明（中文）').fill('现场注册');
    await ruleForm.getByTestId('rule-save').click();
    await expect(page.getByText('注册规则已保存')).toBeVisible();
    await expect(page.locator('[data-version-row="onsite"]')).toContainText('现场注册');
    await page.locator('[data-version-row="onsite"]').getByTestId('design-version').click();
    await expect(page.getByTestId('designer-version')).toHaveText('onsite');
    await expect(page.getByTestId('field-table')).toContainText('饮食偏好');
    await page.locator('[data-version-row="default"]').getByTestId('delete-version').click();
    await answerConfirm(page);
    await expect(page.getByText('版本不能删除：该版本正在使用或已有注册')).toBeVisible();
    await page.locator('[data-version-row="onsite"]').getByTestId('delete-version').click();
    await answerConfirm(page);
    await expect(page.getByText('版本已删除')).toBeVisible();
    await expect(page.locator('[data-version-row="onsite"]')).toHaveCount(0);
    await page.goto('/platform/config/register');

    const editRow = page.locator('[data-field-row="custom_1"]');
    await editRow.getByRole('button', { name: '编辑自定义项' }).click();
    await expect(page.getByTestId('field-editor').getByLabel('必填')).toBeChecked();
    // The option saved without a code got one from its English name; the organiser's own code stayed.
    const codes = page.getByTestId('field-editor').getByLabel('选项值');
    await expect(codes).toHaveCount(2);
    await expect(codes.nth(0)).toHaveValue('veg');
    await expect(codes.nth(1)).toHaveValue('halal');
    await page.keyboard.press('Escape');

    // A required file item.
    await page.getByTestId('add-field').click();
    await editor.getByTestId('field-type').click();
    await page.getByRole('option', { name: '文件上传', exact: true }).click();
    await editor.getByLabel('中文名称').fill('摘要文件');
    await editor.getByLabel('英文名称').fill('Abstract file');
    await editor.getByLabel('必填').check();
    await editor.getByTestId('save-field').click();
    await expect(page.getByText('表单项已保存')).toBeVisible();
    await expect(page.getByTestId('preview-zh')).toContainText('摘要文件');

    // An optional fee, named in both languages, with a cap and a per-account maximum.
    await page.getByTestId('add-fee').click();
    const feeForm = page.getByTestId('fee-form');
    await feeForm.getByTestId('fee-kind').click();
    await page.getByRole('option', { name: '可选费用', exact: true }).click();
    await feeForm.getByLabel('中文名称').fill('会后工作坊');
    await feeForm.getByLabel('英文名称').fill('Post-conference workshop');
    await feeForm.getByTestId('fee-save').click();
    await expect(feeForm.getByText('实际价格必须大于 0')).toBeVisible();
    await feeForm.getByTestId('fee-priceMinor').fill('450.50');
    await feeForm.getByTestId('fee-displayPriceMinor').fill('65');
    await feeForm.getByTestId('fee-displayCurrency').click();
    await page.getByRole('option', { name: 'USD', exact: true }).click();
    await feeForm.getByTestId('fee-cap').fill('1');
    await feeForm.getByTestId('fee-perAccountMax').fill('3');
    await feeForm.getByTestId('fee-save').click();
    await expect(feeForm.getByText('每个账号最多可选数量不能超过该类别总名额')).toBeVisible();
    await feeForm.getByTestId('fee-cap').fill('30');
    await feeForm.getByTestId('fee-save').click();
    await expect(page.getByText('费用已保存')).toBeVisible();
    const row = page.getByTestId('fee-table').locator('tr', { hasText: '会后工作坊' });
    await expect(row).toContainText('¥450.50');
    await expect(row.getByTestId('fee-places')).toHaveText('0 / 30');
    await page.goto('/en/platform/config/register');
    await expect(page.getByTestId('fee-table').locator('tr', { hasText: 'Post-conference workshop' })).toContainText('US$65.00');

    // With custom items the designer's rows stay inside their card, on a desktop and on a 375 px
    // phone, in both languages; the custom item's actions are on the screen.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      for (const prefix of ['', '/en']) {
        await page.goto(`${prefix}/platform/config/register`);
        const card = page.getByTestId('field-card');
        await expect(card).toContainText(prefix ? 'Dietary needs' : '饮食偏好');
        expect(
          await card.evaluate((el) => el.scrollWidth - el.clientWidth),
          `the designer's card at ${width} px ${prefix || 'zh'}`,
        ).toBeLessThanOrEqual(0);
        const row = page.locator('[data-field-row="custom_1"]');
        await row.scrollIntoViewIfNeeded();
        await expect(row.getByRole('button', { name: prefix ? 'Edit custom item' : '编辑自定义项' })).toBeInViewport({ ratio: 1 });
        await expect(row.getByRole('button', { name: prefix ? 'Delete' : '删除' })).toBeInViewport({ ratio: 1 });
      }
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  test('a participant registers in English with a fee, sees the countdown and the unpaid orders, and changes the fee', async ({ page }) => {
    await login(page, E2E.freshParticipants[0], E2E.password, '/en');
    await expect(page).toHaveURL(/\/en\/conferenceRegister$/);
    await expect(page.getByTestId('register-notice')).toContainText('Registration fees are not refundable');
    await expect(page.getByTestId('register-notice').locator('strong')).toHaveText('Bring your badge every day.');
    const form = page.getByTestId('register-form');
    await expect(form.locator('input[name="email"]')).toHaveValue(E2E.freshParticipants[0]);
    await expect(form.locator('input[name="email"]')).toHaveAttribute('readonly', '');

    await page.getByTestId('register-submit').click();
    await expect(form.getByText('This field is required').first()).toBeVisible();
    await form.locator('input[name="telephone"]').fill('+49 30 1234567');
    await form.locator('input[name="unit"]').fill('Max Planck Institute');
    await form.getByLabel('Country/area').selectOption({ label: 'Germany' });
    await form.getByLabel('Dietary needs').selectOption({ label: 'Vegetarian' });
    // The file item: a wrong type is refused with a clear message, a PDF is uploaded.
    const choose = async (name: string, mimeType: string, text: string) => {
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), form.getByTestId('upload-custom_2').click()]);
      await chooser.setFiles({ name, mimeType, buffer: Buffer.from(text) });
    };
    await choose('abstract.pdf', 'application/pdf', 'not really a pdf');
    await expect(page.getByText(/This type of file is not accepted/)).toBeVisible();
    await choose('Müller abstract.pdf', 'application/pdf', '%PDF-1.4\n% abstract\n');
    await expect(form.getByTestId('uploaded-file')).toHaveText(/Müller abstract\.pdf/);

    await page.getByTestId('register-submit').click();
    await expect(page.getByText('Please read and accept the registration notice first').first()).toBeVisible();
    await page.getByTestId('agree-notice').check();
    await page.getByTestId('register-submit').click();
    await expect(page.getByText('Please choose a registration fee')).toBeVisible();
    // Germany is not a developing economy: that fee cannot be chosen.
    const chooser = page.getByTestId('fee-chooser');
    await expect(chooser.getByLabel('Delegate from a developing economy')).toBeDisabled();
    await chooser.getByLabel('Delegate', { exact: true }).check();
    await chooser.getByLabel('Post-conference workshop').check();
    await chooser.getByTestId('fee-quantity').fill('2');
    await expect(page.getByTestId('fee-total')).toHaveText('Total: CN¥2,101.00');
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-success')).toContainText(/Your registration number is DEMO-\d{4}/);
    await expect(page.getByTestId('register-countdown')).toContainText(/Redirecting in [123] s/);
    // Register first, pay later with fees chosen: the fee page comes next, with the unpaid orders.
    await expect(page).toHaveURL(/\/en\/profile\/conference\/fee$/, { timeout: 6000 });
    const registerSection = page.getByTestId('fee-register-section');
    await expect(registerSection.getByTestId('order-row')).toHaveCount(1);
    await expect(registerSection.getByTestId('order-row')).toContainText('Delegate');
    await expect(registerSection.getByTestId('order-status')).toHaveText('Unpaid');
    await expect(page.getByTestId('fee-optional-section').getByTestId('order-total')).toHaveText('CN¥901.00');

    // Change the registration fee before paying: the student rate.
    await registerSection.getByTestId('change-order').click();
    await expect(page).toHaveURL(/\/en\/profile\/conference\/fee\/register\/update\/\d+$/);
    await page.getByTestId('change-register-fee').getByLabel('Student delegate').check();
    await page.getByTestId('change-fee-submit').click();
    await expect(page).toHaveURL(/\/en\/profile\/conference\/fee$/);
    await expect(page.getByTestId('fee-register-section').getByTestId('order-row')).toContainText('Student delegate');
    await expect(page.getByTestId('fee-register-section').getByTestId('order-total')).toHaveText('CN¥600.00');

    // Add another optional fee afterwards; every order shows in the order list.
    await page.getByTestId('add-optional-fee').getByLabel('Conference banquet').check();
    await page.getByTestId('add-optional-fee-submit').click();
    await expect(page.getByTestId('fee-optional-section').getByTestId('order-row')).toHaveCount(2);
    await page.goto('/en/profile/order/list');
    const rows = page.getByTestId('order-row');
    await expect(rows).toHaveCount(4);
    await expect(page.locator('[data-testid="order-row"][data-status="unpaid"]')).toHaveCount(3);
    await expect(page.locator('[data-testid="order-row"][data-status="invalid"]')).toContainText('Replaced by a changed order');

    await page.goto('/en/profile/userInfo');
    await expect(page.getByTestId('registration-status')).toContainText(/Registered \(number DEMO-\d{4}\)/);
    // The uploaded file is there, under its own name, and downloads as it was sent.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('registration-answers').getByTestId('answer-file').click(),
    ]);
    expect(file.suggestedFilename()).toBe('Müller abstract.pdf');
    expect(readFileSync(await file.path(), 'utf8')).toBe('%PDF-1.4\n% abstract\n');
    const answers = page.getByTestId('registration-answers');
    await expect(answers.locator('[data-answer="custom_1"]')).toContainText('Vegetarian');
    await expect(answers.locator('[data-answer="country"]')).toContainText('Germany');
    await page.goto('/profile/userInfo');
    await expect(page.getByTestId('registration-answers').locator('[data-answer="custom_1"]')).toContainText('素食');
    await page.goto('/conferenceRegister');
    await expect(page.getByTestId('register-already')).toContainText('您已注册，请勿重复注册');
  });

  test('the organiser finds the registrant, corrects an answer and downloads an xlsx with the row, in both languages', async ({ page }) => {
    await login(page, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password, '/en');
    await page.goto('/en/platform/manage/user');
    await page.getByTestId('registrant-search').fill(E2E.freshParticipants[0]);
    await page.getByTestId('registrant-apply').click();
    await expect(page).toHaveURL(/\/en\/platform\/manage\/user\?q=/);
    const rows = page.getByTestId('registrant-row');
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId('registrant-total')).toHaveText('1 registrant');
    const code = await rows.first().getAttribute('data-code');
    expect(code).toMatch(/^DEMO-\d{4}$/);
    // Words, never message keys or stored codes: the badge actions and each fee's payment state.
    await expect(page.getByTestId('registrant-badges')).toHaveText('Badges');
    await expect(rows.first().getByTestId('registrant-badge')).toHaveText('Badge');
    await expect(rows.first().getByTestId('registrant-fees')).toContainText('· Unpaid');
    await expect(rows.first()).not.toContainText(/\b(orders|onsiteDocs)\.|\bunpaid\b/);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-registrants').click()]);
    const sheet = await readSheet(await download.path());
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(0, 3)).toEqual(['Registration number', 'Account name', 'Account email']);
    expect(sheet.rowCount).toBe(2);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(row[0]).toBe(code);
    expect(row[headers.indexOf('Dietary needs')]).toBe('Vegetarian');
    expect(row[headers.indexOf('Country/area')]).toBe('Germany');
    expect(row[headers.indexOf('Abstract file')]).toBe('Müller abstract.pdf');
    expect(row[headers.indexOf('Registration fee')]).toBe('Student delegate (CN¥600.00)');
    expect(row[headers.indexOf('Registration fee status')]).toBe('Unpaid');
    expect(row[headers.indexOf('Optional fees')]).toContain('Post-conference workshop × 2 (CN¥901.00, Unpaid)');

    // The fee filter finds the registrant, the payment filter too; a paid filter does not.
    const workshopFee = await page
      .getByTestId('registrant-fee')
      .locator('option', { hasText: 'Post-conference workshop' })
      .getAttribute('value');
    await page.goto(`/en/platform/manage/user?fee=${workshopFee}`);
    await expect(page.getByTestId('registrant-row')).toHaveCount(1);
    await expect(page.getByTestId('registrant-fees')).toContainText('Post-conference workshop × 2');
    await page.goto(`/en/platform/manage/user?pay=paid&q=${encodeURIComponent(E2E.freshParticipants[0])}`);
    await expect(page.getByTestId('registrant-row')).toHaveCount(0);
    await page.goto(`/en/platform/manage/user?pay=unpaid&q=${encodeURIComponent(E2E.freshParticipants[0])}`);
    await expect(rows).toHaveCount(1);
    await rows.first().getByTestId('registrant-details').click();
    await expect(page.getByTestId('registrant-title')).toHaveText(`Registrant ${code}`);
    await expect(page.getByTestId('registrant-badge')).toHaveText("Print this registrant's badge (PDF)");
    await expect(page.locator('body')).not.toContainText(/\b(orders|onsiteDocs)\.[a-zA-Z]/);
    await expect(page.getByTestId('registrant-answers').locator('[data-answer="custom_1"]')).toContainText('Vegetarian');
    const edit = page.getByTestId('edit-registrant');
    await expect(edit.locator('input[name="email"]')).toHaveAttribute('readonly', '');
    await edit.locator('input[name="unit"]').fill('');
    await page.getByTestId('edit-registrant-submit').click();
    await expect(edit.getByText('This field is required').first()).toBeVisible();
    await edit.locator('input[name="unit"]').fill('Fraunhofer Institute');
    await page.getByTestId('edit-registrant-submit').click();
    await expect(page.getByText('The registration was saved.')).toBeVisible();
    await expect(page.getByTestId('registrant-answers').locator('[data-answer="unit"]')).toHaveText(/Fraunhofer Institute/);

    // In Chinese the same export speaks Chinese.
    await page.goto(`/platform/manage/user?q=${encodeURIComponent('Fraunhofer')}`);
    await expect(page.getByTestId('registrant-row')).toHaveCount(1);
    const [zhDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-registrants').click()]);
    const zhSheet = await readSheet(await zhDownload.path());
    const zhHeaders = (zhSheet.getRow(1).values as unknown[]).slice(1);
    expect(zhHeaders[0]).toBe('注册号');
    const zhRow = (zhSheet.getRow(2).values as unknown[]).slice(1);
    expect(zhRow[zhHeaders.indexOf('饮食偏好')]).toBe('素食');
    expect(zhRow[zhHeaders.indexOf('工作单位')]).toBe('Fraunhofer Institute');
  });

  test('the organiser adds a registrant by email; a participant cannot open the list or the export', async ({ page, request }) => {
    await login(page, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
    await page.goto('/platform/manage/user');
    await page.getByTestId('add-registrant').click();
    const form = page.getByTestId('add-registrant-form');
    await form.locator('input[name="name"]').fill('王五');
    await form.locator('input[name="email"]').fill('wang.wu@example.org');
    await form.locator('input[name="telephone"]').fill('13800000000');
    await form.locator('input[name="unit"]').fill('复旦大学');
    await form.getByLabel('国家/地区').selectOption({ label: '中国' });
    await form.getByLabel('饮食偏好').selectOption({ label: '清真' });
    await page.getByTestId('add-registrant-form-submit').click();
    await expect(page).toHaveURL(/\/platform\/manage\/userDetails\?id=\d+$/);
    await expect(page.getByTestId('registrant-answers').locator('[data-answer="email"]')).toHaveText(/wang\.wu@example\.org/);

    const anonymous = await request.get('/api/conference/manage/user/export');
    expect(anonymous.status()).toBe(401);
    const list = await request.get('/api/conference/manage/user/list');
    expect(list.status()).toBe(401);
  });
});

test('visitors are asked to log in; closed and full conferences say so', async ({ page }) => {
  await page.goto('/en/conferenceRegister');
  await expect(page.getByTestId('register-please-login')).toHaveText('Please log in before you register for the conference.');
  // /register: the login variant while the window is open, a not-open message otherwise.
  await page.goto('/en/register');
  await expect(page.getByTestId('register-login-hint')).toContainText('Registration is open from');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.goto(hostUrl(E2E.closedSlug, '/register'));
  await expect(page.getByTestId('register-not-open')).toContainText('会议注册服务未开放');
  await expect(page.getByTestId('login-form')).toHaveCount(0);

  await page.goto(hostUrl(E2E.closedSlug, '/conferencelogin'));
  const form = page.getByTestId('login-form');
  await form.locator('input[name="email"]').fill(E2E.freshParticipants[1]);
  await form.locator('input[name="password"]').fill(E2E.password);
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(hostUrl(E2E.closedSlug, '/conferenceRegister'));
  await expect(page.getByTestId('register-closed')).toContainText('会议注册服务未开放');

  // Signed in on the closed conference's site, the visitor is signed in on the full one's at once (lib/auth/sso.ts).
  await page.goto(hostUrl(E2E.fullSlug, '/en/conferencelogin'));
  await expect(page).toHaveURL(hostUrl(E2E.fullSlug, '/en/conferenceRegister'));
  await expect(page.getByTestId('register-full')).toHaveText('User registration limit reached');
});

async function readSheet(path: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook.worksheets[0];
}
