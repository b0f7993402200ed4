import { expect, test } from './support/test';
import { hostUrl } from './support/env';
import { E2E } from './support/fixtures-data';
import { login } from './support/helpers';

test('a participant accepts the notice, registers, sees the countdown and the registration number', async ({ page }) => {
  await login(page, E2E.freshParticipants[0], E2E.password, '/en');
  await expect(page).toHaveURL(/\/en\/conferenceRegister$/);
  await expect(page.getByTestId('register-notice')).toContainText('Registration fees are not refundable');
  await page.getByTestId('register-submit').click();
  await expect(page.getByText('Please read and accept the registration notice first').first()).toBeVisible();
  await page.getByTestId('agree-notice').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-success')).toContainText(/Your registration number is DEMO-\d{4}/);
  await expect(page.getByTestId('register-countdown')).toContainText(/Redirecting in [123] s/);
  await expect(page).toHaveURL(/\/en\/profile\/userInfo$/, { timeout: 6000 });
  await expect(page.getByTestId('registration-status')).toContainText(/Registered \(number DEMO-\d{4}\)/);
  await page.goto('/conferenceRegister');
  await expect(page.getByTestId('register-already')).toContainText('您已注册，请勿重复注册');
});

test('visitors are asked to log in; closed and full conferences say so', async ({ page }) => {
  await page.goto('/en/conferenceRegister');
  await expect(page.getByTestId('register-please-login')).toHaveText('Please log in before you register for the conference.');

  await page.goto(hostUrl(E2E.closedSlug, '/conferencelogin'));
  let form = page.getByTestId('login-form');
  await form.locator('input[name="email"]').fill(E2E.freshParticipants[1]);
  await form.locator('input[name="password"]').fill(E2E.password);
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(hostUrl(E2E.closedSlug, '/conferenceRegister'));
  await expect(page.getByTestId('register-closed')).toContainText('会议注册服务未开放');

  await page.goto(hostUrl(E2E.fullSlug, '/en/conferencelogin'));
  form = page.getByTestId('login-form');
  await form.locator('input[name="email"]').fill(E2E.freshParticipants[1]);
  await form.locator('input[name="password"]').fill(E2E.password);
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(hostUrl(E2E.fullSlug, '/en/conferenceRegister'));
  await expect(page.getByTestId('register-full')).toHaveText('User registration limit reached');
});
