import type { Browser, Page } from '@playwright/test';
import { expectNoSerious } from './support/axe';
import { E2E } from './support/fixtures-data';
import { expect, test, waitForHydrationOnGoto } from './support/test';

/**
 * The registration form and the new-submission form on the light screens (issue 22 point 9), built of the plain form
 * kit: on a 375 px phone, in Chinese and in English, the form and its submit button are on the screen with no sideways
 * scrolling; an empty form sent is answered on its fields in the user's language (the message under the field, named by
 * the control's aria-describedby, the control marked invalid); the authors' rows are added, moved and removed; and axe
 * finds nothing serious or critical with the messages shown.
 */
const LANGS = [
  {
    prefix: '',
    locale: 'zh-CN',
    required: '此项为必填项',
    titleRequired: '请输入题目',
    surname: '姓',
    moveUp: '将作者 2 上移',
    moveDown: '将作者 1 下移',
    removeAuthor: '删除作者 2',
  },
  {
    prefix: '/en',
    locale: 'en-GB',
    required: 'This field is required',
    titleRequired: 'Please enter the title',
    surname: 'Surname',
    moveUp: 'Move author 2 up',
    moveDown: 'Move author 1 down',
    removeAuthor: 'Remove author 2',
  },
] as const;

async function phone(browser: Browser, email: string, locale: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, locale });
  const answer = await context.request.post('/api/base/oauth/localLogin', { data: { email, password: E2E.password } });
  expect(answer.status(), `login as ${email}`).toBe(200);
  return waitForHydrationOnGoto(await context.newPage());
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  expect(overflow, `${what}: the page scrolls sideways`).toBeLessThanOrEqual(0);
}

/** The control's error is under it, named by its aria-describedby, and the control is marked invalid. */
async function expectFieldError(page: Page, control: ReturnType<Page['locator']>, message: string) {
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  const ids = ((await control.getAttribute('aria-describedby')) ?? '').split(' ').filter((id) => id.endsWith('-error'));
  expect(ids, 'the control names its error').toHaveLength(1);
  await expect(page.locator(`[id="${ids[0]}"]`)).toHaveText(message);
}

for (const lang of LANGS) {
  test(`${lang.prefix || 'zh'}: the registration form at 375 px: on the screen, its messages on its fields, nothing serious for axe`, async ({
    browser,
  }) => {
    const page = await phone(browser, E2E.formVisitor, lang.locale);
    await page.goto(`${lang.prefix}/conferenceRegister`);
    const form = page.getByTestId('register-form');
    await expect(form).toBeVisible();
    await expect(form.locator('input[name="email"]')).toHaveValue(E2E.formVisitor);
    await expectNoSidewaysScroll(page, 'the registration form');
    const submit = page.getByTestId('register-submit');
    await submit.scrollIntoViewIfNeeded();
    await expect(submit).toBeInViewport({ ratio: 1 });
    await submit.click();
    // The telephone is required on the demo's form and empty for this account.
    const telephone = form.locator('input[name="telephone"]');
    await expectFieldError(page, telephone, lang.required);
    await telephone.scrollIntoViewIfNeeded();
    await expect(telephone).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page, 'the registration form with its messages');
    await expectNoSerious(page, `the registration form (${lang.locale}) with its messages`);
    await page.context().close();
  });

  test(`${lang.prefix || 'zh'}: the new-submission form at 375 px: on the screen, its messages on its fields, authors added, moved and removed`, async ({
    browser,
  }) => {
    const page = await phone(browser, E2E.registeredParticipant, lang.locale);
    await page.goto(`${lang.prefix}/profile/submission/details`);
    const form = page.getByTestId('submission-form');
    await expect(form).toBeVisible();
    await expectNoSidewaysScroll(page, 'the submission form');
    // Two authors: the second moved up to first (the corresponding flag moves with its author), back down, then removed.
    await form.getByTestId('submission-add-author').click();
    const second = form.getByTestId('submission-author-1');
    await second.getByRole('textbox', { name: lang.surname, exact: true }).fill('Zweite');
    await form.getByRole('button', { name: lang.moveUp, exact: true }).click();
    await expect(form.getByTestId('submission-author-0').getByRole('textbox', { name: lang.surname, exact: true })).toHaveValue('Zweite');
    await expect(form.getByTestId('submission-author-corresponding-1')).toBeChecked();
    await form.getByRole('button', { name: lang.moveDown, exact: true }).click();
    await expect(form.getByTestId('submission-author-1').getByRole('textbox', { name: lang.surname, exact: true })).toHaveValue('Zweite');
    await form.getByRole('button', { name: lang.removeAuthor, exact: true }).click();
    await expect(form.getByTestId('submission-author-1')).toHaveCount(0);
    await expectNoSidewaysScroll(page, 'the submission form with two authors');

    const submit = page.getByTestId('submission-submit');
    await submit.scrollIntoViewIfNeeded();
    await expect(submit).toBeInViewport({ ratio: 1 });
    await submit.click();
    const title = page.getByTestId('submission-title');
    await expectFieldError(page, title, lang.titleRequired);
    await title.scrollIntoViewIfNeeded();
    await expect(title).toBeInViewport({ ratio: 1 });
    await expectNoSerious(page, `the submission form (${lang.locale}) with its messages`);
    await page.context().close();
  });
}
