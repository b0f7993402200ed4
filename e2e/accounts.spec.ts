import { expect, test, waitForHydrationOnGoto } from './support/test';
import { DEMO_ACCOUNTS } from '@/db/seed';
import { E2E } from './support/fixtures-data';
import { E2E_LOGIN_FAILURE_LIMIT } from './support/env';
import { codeIn, login, uniqueEmail, waitForMail } from './support/helpers';

test.describe('sign-up with the emailed code', () => {
  test('in Chinese: code from the SMTP server, countdown, register and log in', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = waitForHydrationOnGoto(await context.newPage());
    const email = uniqueEmail('zh-signup');
    await page.goto('/userRegister');
    await expect(page.getByRole('heading', { name: '注册账号' })).toBeVisible();
    const form = page.getByTestId('sign-up-form');
    await form.locator('input[name="email"]').fill(email);
    const since = Date.now();
    await page.getByTestId('send-code').click();
    await expect(page.getByTestId('send-code')).toBeDisabled();
    await expect(page.getByTestId('send-code')).toContainText('秒后重新发送');
    const mail = await waitForMail(email, since);
    expect(mail.subject).toContain('注册验证码');
    await form.locator('input[name="code"]').fill(codeIn(mail));
    await form.locator('input[name="name"]').fill('李明');
    await form.locator('input[name="password"]').fill('Kexue2026data');
    await form.locator('input[name="confirmPassword"]').fill('Kexue2026data');
    await form.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/conferenceRegister$/);
    await expect(page.getByTestId('signed-in-as')).toHaveText(email);
    await context.close();
  });

  test('in English: mismatched passwords, a wrong code, an existing account', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = waitForHydrationOnGoto(await context.newPage());
    await page.goto('/en/userRegister');
    const form = page.getByTestId('sign-up-form');

    await form.locator('input[name="email"]').fill(DEMO_ACCOUNTS.participant.email);
    await page.getByTestId('send-code').click();
    await expect(page.getByText('This email is already registered. Please log in.').first()).toBeVisible();
    await expect(page.getByTestId('send-code')).toBeEnabled();

    const email = uniqueEmail('en-signup');
    await form.locator('input[name="email"]').fill(email);
    const since = Date.now();
    await page.getByTestId('send-code').click();
    const code = codeIn(await waitForMail(email, since));
    await form.locator('input[name="name"]').fill('Ada Lovelace');
    await form.locator('input[name="password"]').fill('Analytical1843');
    await form.locator('input[name="confirmPassword"]').fill('Analytical1844');
    await form.locator('input[name="code"]').fill(code);
    await form.locator('button[type="submit"]').click();
    await expect(page.getByText('Two password entries do not match')).toBeVisible();

    await form.locator('input[name="confirmPassword"]').fill('Analytical1843');
    await form.locator('input[name="code"]').fill(code === '000000' ? '000001' : '000000');
    await form.locator('button[type="submit"]').click();
    await expect(page.getByText('Verify code wrong').first()).toBeVisible();

    await form.locator('input[name="code"]').fill(code);
    await form.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/en\/conferenceRegister$/);
    await context.close();
  });
});

test.describe('login and logout', () => {
  test('wrong password shows the login error in both languages', async ({ page }) => {
    for (const [prefix, message] of [
      ['', '邮箱或密码错误'],
      ['/en', 'Email or password wrong'],
    ] as const) {
      await page.goto(`${prefix}/conferencelogin`);
      const form = page.getByTestId('login-form');
      await form.locator('input[name="email"]').fill(DEMO_ACCOUNTS.participant.email);
      await form.locator('input[name="password"]').fill('not-the-password-1');
      await form.locator('button[type="submit"]').click();
      await expect(page.getByText(message).first()).toBeVisible();
      await expect(page).toHaveURL(/conferencelogin/);
    }
  });

  test('an unknown account gets the same message', async ({ page }) => {
    await page.goto('/en/conferencelogin');
    const form = page.getByTestId('login-form');
    await form.locator('input[name="email"]').fill('nobody-here@example.org');
    await form.locator('input[name="password"]').fill('whatever123');
    await form.locator('button[type="submit"]').click();
    await expect(page.getByText('Email or password wrong').first()).toBeVisible();
  });

  test('login in English goes to the personal centre when registered; logout ends the session', async ({ page }) => {
    await login(page, E2E.registeredParticipant, E2E.password, '/en');
    await expect(page).toHaveURL(/\/en\/profile\/userInfo$/);
    await expect(page.getByTestId('registration-status')).toContainText(/Registered \(number DEMO-\d{4}\)/);
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/en\/conferencelogin$/);
    await page.goto('/en/profile/userInfo');
    await expect(page).toHaveURL(/\/en\/conferencelogin\?redirect=%2Fprofile%2FuserInfo$/);
  });

  test('login in Chinese goes to registration when not registered; the login page then shows the notice', async ({ page }) => {
    await login(page, E2E.logoutUser, E2E.password);
    await expect(page).toHaveURL(/\/conferenceRegister$/);
    await page.goto('/conferencelogin');
    await expect(page.getByTestId('already-logged-in')).toContainText(E2E.logoutUser);
    await expect(page.getByRole('link', { name: '前往会议注册' })).toHaveAttribute('href', '/conferenceRegister');
  });
});

test('a locked account: the owner signs in with the password and the code mailed to them', async ({ browser }) => {
  // A fresh account, made and then locked through the API by "someone else" (another context).
  const attacker = await browser.newContext();
  const email = uniqueEmail('locked');
  const password = 'Lockout2026pass';
  let since = Date.now();
  expect(
    (
      await attacker.request.post('/api/conference/conferenceRegUserConfig/sendEmailCode', {
        data: { data: { email, type: 'registerCode' } },
      })
    ).status(),
  ).toBe(200);
  const signUpCode = codeIn(await waitForMail(email, since));
  const signUp = { email, code: signUpCode, name: 'Lock Tester', password, confirmPassword: password };
  expect((await attacker.request.post('/api/base/account/register', { data: signUp })).status()).toBe(200);
  for (let i = 0; i < E2E_LOGIN_FAILURE_LIMIT; i++) {
    expect((await attacker.request.post('/api/base/oauth/localLogin', { data: { email, password: `Guess-${i}-pass` } })).status()).toBe(
      401,
    );
  }
  const refused = await attacker.request.post('/api/base/oauth/localLogin', { data: { email, password } });
  expect([refused.status(), (await refused.json()).error]).toEqual([429, 'LOGIN_LOCKED']);
  await attacker.close();

  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = waitForHydrationOnGoto(await context.newPage());
  await page.goto('/conferencelogin');
  const form = page.getByTestId('login-form');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
  // The right password alone is refused; the form says why and offers the mailed code.
  await expect(page.getByTestId('login-locked')).toContainText('该账号已被暂时锁定');
  await expect(page.getByTestId('login-locked')).toContainText('密码被输错次数过多');
  await expect(page).toHaveURL(/conferencelogin/);
  since = Date.now();
  await page.getByTestId('send-code').filter({ hasText: '发送登录验证码到邮箱' }).click();
  await expect(page.getByTestId('send-code')).toContainText('秒后重新发送');
  const mail = await waitForMail(email, since);
  expect(mail.subject).toContain('登录验证码');
  const code = codeIn(mail);
  await form.locator('input[name="code"]').fill(code === '000000' ? '000001' : '000000');
  await form.locator('button[type="submit"]').click();
  await expect(form.getByText('验证码错误')).toBeVisible();
  await form.locator('input[name="code"]').fill(code);
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/conferenceRegister$/);
  await expect(page.getByTestId('signed-in-as')).toHaveText(email);
  await context.close();
});

test('reset password with the emailed code, then log in with the new one', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = waitForHydrationOnGoto(await context.newPage());
  await page.goto('/en/resetPassword');
  const form = page.getByTestId('reset-form');
  await form.locator('input[name="email"]').fill('nobody-at-all@example.org');
  await page.getByTestId('send-code').click();
  await expect(page.getByText('User does not exist').first()).toBeVisible();

  await form.locator('input[name="email"]').fill(E2E.resetUser.email);
  const since = Date.now();
  await page.getByTestId('send-code').click();
  const mail = await waitForMail(E2E.resetUser.email, since);
  expect(mail.subject).toContain('password reset code');
  await form.locator('input[name="code"]').fill(codeIn(mail));
  await form.locator('input[name="name"]').fill(E2E.resetUser.name);
  await form.locator('input[name="password"]').fill('Brand-new-2027');
  await form.locator('input[name="confirmPassword"]').fill('Brand-new-2027');
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/en\/conferencelogin\?reset=1$/);
  await expect(page.getByTestId('reset-done')).toBeVisible();

  const loginForm = page.getByTestId('login-form');
  await loginForm.locator('input[name="email"]').fill(E2E.resetUser.email);
  await loginForm.locator('input[name="password"]').fill(E2E.password);
  await loginForm.locator('button[type="submit"]').click();
  await expect(page.getByText('Email or password wrong').first()).toBeVisible();
  await login(page, E2E.resetUser.email, 'Brand-new-2027', '/en');
  await expect(page.getByTestId('signed-in-as')).toHaveText(E2E.resetUser.email);
  await context.close();
});

test('personal information: edit and see it in the preview', async ({ page }) => {
  await login(page, DEMO_ACCOUNTS.participant.email, DEMO_ACCOUNTS.participant.password);
  await page.goto('/profile/userInfo/Edit');
  const form = page.getByTestId('profile-form');
  await form.locator('input[name="unit"]').fill('中国科学院计算机网络信息中心');
  await form.locator('input[name="phone"]').fill('+86 10 5881 2000');
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/profile\/userInfo$/);
  await expect(page.getByTestId('profile-unit')).toHaveText('中国科学院计算机网络信息中心');
  await page.goto('/profile/userInfo/Edit');
  await page.getByTestId('profile-form').locator('input[name="phone"]').fill('call me maybe');
  await page.getByTestId('profile-form').locator('button[type="submit"]').click();
  await expect(page.getByText('电话号码格式不正确')).toBeVisible();
});
