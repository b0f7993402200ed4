/**
 * Landing by role after signing in (spec §4, issue 22 point 4) and people's names in one order
 * (point 7), in both languages: an organiser lands on /platform, the platform administrator on
 * /console, a reviewer who just activated their invitation on the review list, a registered
 * participant on their personal information (which shows the phone, organisation and country the
 * registration holds) and an account that never registered on the registration form; a redirect of
 * this site still wins. "My conferences" lists the conferences a participant registered for. The
 * authors of the demo submission read 张三 and Anna Schmidt on the author's page and in the admin list.
 */
import type { Browser, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '@/db/seed';
import { E2E } from './support/fixtures-data';
import { codeIn, waitForApp, waitForMail } from './support/helpers';
import { LANDING } from './support/landing-data';
import { expect, test, waitForHydrationOnGoto } from './support/test';

const LANGS = [
  { code: 'zh', prefix: '', notSet: '未填写' },
  { code: 'en', prefix: '/en', notSet: 'Not provided' },
] as const;

/** Signs in through the real form (no redirect unless `query` has one) and waits for the page it lands on. */
async function signIn(page: Page, prefix: string, email: string, password: string, query = '') {
  await page.goto(`${prefix}/conferencelogin${query}`);
  const form = page.getByTestId('login-form');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
  await expect(page).not.toHaveURL(/conferencelogin/);
  await waitForApp(page);
}

/** A second visitor, in a browser context of its own. */
async function otherVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return waitForHydrationOnGoto(await context.newPage());
}

const at = (prefix: string, path: string) => new RegExp(`^[^?]*//[^/]+${prefix}${path.replace(/[?]/g, '\\?')}$`);

for (const lang of LANGS) {
  test.describe(`landing after sign-in (${lang.code})`, () => {
    test('an organiser lands on /platform, and a redirect of this site still wins', async ({ page, browser }) => {
      await signIn(page, lang.prefix, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
      await expect(page).toHaveURL(at(lang.prefix, '/platform'));
      const other = await otherVisitor(browser);
      try {
        await signIn(
          other,
          lang.prefix,
          DEMO_ACCOUNTS.manager.email,
          DEMO_ACCOUNTS.manager.password,
          '?redirect=%2Fprofile%2Forder%2Flist',
        );
        await expect(other).toHaveURL(at(lang.prefix, '/profile/order/list'));
        await other.context().clearCookies();
        // Not to another site: an address off this site is ignored and the organiser lands by role.
        await signIn(other, lang.prefix, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password, '?redirect=%2F%2Fevil.example%2Fx');
        await expect(other).toHaveURL(at(lang.prefix, '/platform'));
      } finally {
        await other.context().close();
      }
    });

    test('the platform administrator lands on /console', async ({ page }) => {
      await signIn(page, lang.prefix, DEMO_ACCOUNTS.platformAdmin.email, DEMO_ACCOUNTS.platformAdmin.password);
      await expect(page).toHaveURL(at(lang.prefix, '/console'));
    });

    test('a reviewer lands on the review list right after activating the invitation', async ({ page }) => {
      const invited = LANDING.reviewers[lang.code];
      await page.goto(`${lang.prefix}/review/active/${invited.key}`);
      const form = page.getByTestId('activation-form');
      await expect(form.getByTestId('activation-email')).toHaveValue(invited.email);
      const since = Date.now();
      await form.getByTestId('send-code').click();
      await form.getByTestId('activation-code').fill(codeIn(await waitForMail(invited.email, since)));
      await form.getByTestId('activation-password').fill(E2E.password);
      await form.getByTestId('activation-confirmPassword').fill(E2E.password);
      await form.getByTestId('activation-lastName').fill(lang.code === 'zh' ? '孙' : 'Hopper');
      await form.getByTestId('activation-firstName').fill(lang.code === 'zh' ? '八' : 'Grace');
      await form.getByTestId('activation-fullName').fill(lang.code === 'zh' ? '孙八' : 'Grace Hopper');
      await form.getByTestId('activation-organization').fill('Bell Labs');
      await form.getByTestId('activation-phone').fill('+86 10 6255 0000');
      await form.getByTestId('activation-countryArea').selectOption('CN');
      await form.getByTestId('activation-direction').fill('Compilers');
      await form.getByTestId('activation-submit').click();
      await page.getByRole('dialog').getByTestId('confirm-ok').click();
      await expect(page).toHaveURL(at(lang.prefix, '/platform/submissionManage/user'), { timeout: 20_000 });
      await waitForApp(page);
      await expect(page.getByTestId('my-assignments-empty')).toBeVisible();
    });

    test('a registered participant lands on personal information, which shows what the registration holds', async ({ page }) => {
      await signIn(page, lang.prefix, LANDING.registered[lang.code], E2E.password);
      await expect(page).toHaveURL(at(lang.prefix, '/profile/userInfo'));
      await expect(page.getByTestId('profile-phone')).toHaveText(LANDING.registration.telephone);
      await expect(page.getByTestId('profile-unit')).toHaveText(LANDING.registration.unit);
      await expect(page.getByTestId('profile-countryArea')).toHaveText(LANDING.registration.countryName[lang.code]);
      // No middle name was given: no row for it.
      await expect(page.getByTestId('profile-middleName')).toHaveCount(0);
      await expect(page.getByTestId('profile-lastName')).toHaveText(lang.notSet);

      // "My conferences" lists the conference registered for, with a link to its website.
      await page.getByTestId('nav-console').click();
      await expect(page).toHaveURL(at(lang.prefix, '/console'));
      await waitForApp(page);
      const registered = page.getByTestId('registered-conferences');
      await expect(registered.locator('[data-conference="demo"]')).toBeVisible();
      await expect(registered.locator('[data-conference="demo"]').getByTestId('open-site')).toHaveAttribute(
        'href',
        new RegExp(`^http://demo\\.localhost:\\d+${lang.prefix || '/'}$`),
      );
    });

    test('an account that never registered lands on the registration form', async ({ page }) => {
      await signIn(page, lang.prefix, LANDING.unregistered[lang.code], E2E.password);
      await expect(page).toHaveURL(at(lang.prefix, '/conferenceRegister'));
    });

    test('authors are written family name first only for CJK names, on the author’s page and in the admin list', async ({
      page,
      browser,
    }) => {
      await signIn(page, lang.prefix, DEMO_ACCOUNTS.participant.email, DEMO_ACCOUNTS.participant.password);
      await page.goto(`${lang.prefix}/profile/submission`);
      await page.locator('[data-testid^="submission-open-"]').first().click();
      await waitForApp(page);
      const versions = page.getByTestId('submission-versions');
      await expect(versions).toContainText('张三 <');
      await expect(versions).toContainText('Anna Schmidt <');
      await expect(versions).not.toContainText('Schmidt Anna');

      const organiser = await otherVisitor(browser);
      try {
        await signIn(organiser, lang.prefix, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
        await organiser.goto(`${lang.prefix}/platform/manage/contribute`);
        await waitForApp(organiser);
        const row = organiser.locator('[data-testid="contribute-row"][data-code="A0001"]');
        await expect(row).toContainText(lang.code === 'zh' ? '张三，Anna Schmidt' : '张三, Anna Schmidt');
        await expect(row).not.toContainText('三 张');
      } finally {
        await organiser.context().close();
      }
    });
  });
}
