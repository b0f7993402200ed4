import { chromium, request, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectNoSerious } from './support/axe';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_PORT, hostUrl } from './support/env';
import { E2E } from './support/fixtures-data';
import { expect, test } from './support/test';

/**
 * One sign-in across the platform's sites (issue 25 point 1, lib/auth/sso.ts), in Chromium: a visitor who signs in on
 * one conference site is signed in on another after one round of redirects through the platform host, ?autologon does
 * the same, logging out on one site ends every site; a conference on its own domain asks first; a forged or replayed
 * code and a foreign site are refused.
 */
const [A, B] = E2E.sso.slugs;
const domainUrl = (pathname: string) => `http://${E2E.sso.domain}:${E2E_PORT}${pathname}`;

/** The documents a page navigates through (each redirect hop included). */
function trail(page: Page): string[] {
  const hops: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) hops.push(request.url());
  });
  return hops;
}

async function signInWithForm(page: Page, email: string) {
  const form = page.getByTestId('login-form');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(E2E.password);
  await form.locator('button[type="submit"]').click();
}

/** Signs in with the platform host's own login form (the central site), and waits until it has gone on. */
async function signInOnPlatform(page: Page, prefix: string, email: string) {
  await page.goto(hostUrl(null, `${prefix}/conferencelogin`));
  await signInWithForm(page, email);
  await expect(page).not.toHaveURL(/conferencelogin/);
}

const LANGS = [
  { prefix: '', locale: 'zh-CN', user: E2E.sso.users.zh },
  { prefix: '/en', locale: 'en-GB', user: E2E.sso.users.en },
] as const;

for (const lang of LANGS) {
  test(`signed in on one conference site, signed in on the others after one round; logging out ends them all (${lang.locale})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: lang.locale });
    const page = await context.newPage();
    // The login page of site A asks the platform first; nobody is signed in there, so A's own form shows.
    await page.goto(hostUrl(A, `${lang.prefix}/conferencelogin`));
    await expect(page).toHaveURL(hostUrl(A, `${lang.prefix}/conferencelogin?sso=0`));
    await signInWithForm(page, lang.user);
    // Back on site A, by way of the platform host (which the sign-in reached too), on the account's landing page.
    await expect(page).toHaveURL((url) => url.host === `${A}.localhost:${E2E_PORT}` && !url.pathname.includes('conferencelogin'));
    await page.goto(hostUrl(A, `${lang.prefix}/profile/userInfo`));
    await expect(page.getByTestId('logout')).toBeVisible();

    // Site B: a personal page opens signed in, by way of the platform host and back, without a form.
    const hops = trail(page);
    await page.goto(hostUrl(B, `${lang.prefix}/profile/userInfo`));
    await expect(page).toHaveURL(hostUrl(B, `${lang.prefix}/profile/userInfo`));
    await expect(page.getByTestId('logout')).toBeVisible();
    expect(hops.map((h) => new URL(h).host + new URL(h).pathname)).toEqual([
      `${B}.localhost:${E2E_PORT}${lang.prefix}/profile/userInfo`,
      `${B}.localhost:${E2E_PORT}/api/sso/begin`,
      `localhost:${E2E_PORT}/api/sso/authorize`,
      `${B}.localhost:${E2E_PORT}/api/sso/callback`,
      `${B}.localhost:${E2E_PORT}${lang.prefix}/profile/userInfo`,
    ]);
    // No session cookie was ever set for another host than the one it belongs to.
    const cookies = await context.cookies();
    for (const cookie of cookies.filter((c) => c.name.includes('session_token'))) expect(cookie.domain).not.toMatch(/^\./);
    // The platform host is signed in too.
    await page.goto(hostUrl(null, `${lang.prefix}/profile/userInfo`));
    await expect(page.getByTestId('logout')).toBeVisible();

    // Logging out on B ends A and the platform host as well.
    await page.goto(hostUrl(B, `${lang.prefix}/profile/userInfo`));
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(hostUrl(B, `${lang.prefix}/conferencelogin?sso=0`));
    // Site A still holds its cookie, whose session has ended: the page says so and asks to sign in.
    await page.goto(hostUrl(A, `${lang.prefix}/profile/userInfo`));
    await expect(page).toHaveURL(
      new RegExp(`^${hostUrl(A, `${lang.prefix}/conferencelogin`).replace(/[.?]/g, '\\$&')}\\?redirect=%2Fprofile%2FuserInfo`),
    );
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expect(page.getByTestId('logout')).toHaveCount(0);
    await page.goto(hostUrl(null, `${lang.prefix}/profile/userInfo`));
    await expect(page).toHaveURL(
      new RegExp(`^${hostUrl(null, `${lang.prefix}/conferencelogin`).replace(/[.?]/g, '\\$&')}\\?redirect=%2Fprofile%2FuserInfo`),
    );
    await expect(page.getByTestId('logout')).toHaveCount(0);
    await context.close();
  });
}

test('?autologon on a conference site signs in from the platform host’s session', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  await signInOnPlatform(page, '', E2E.sso.users.zh);
  // The account's landing page on B (the home page is no destination of its own, lib/accounts/landing.ts), signed in.
  await page.goto(hostUrl(B, '/?autologon'));
  await expect(page).toHaveURL((url) => url.host === `${B}.localhost:${E2E_PORT}` && !url.pathname.includes('conferencelogin'));
  await page.goto(hostUrl(B, '/profile/userInfo'));
  await expect(page).toHaveURL(hostUrl(B, '/profile/userInfo'));
  await expect(page.getByTestId('logout')).toBeVisible();
  // A site nobody is signed in on: ?autologon comes back to the address without signing in.
  const stranger = await browser.newContext({ locale: 'zh-CN' });
  const other = await stranger.newPage();
  await other.goto(hostUrl(A, '/?autologon'));
  await expect(other.getByTestId('login-form')).toBeVisible();
  await expect(other.getByTestId('logout')).toHaveCount(0);
  await context.close();
  await stranger.close();
});

test('a forged code, a replayed one and a foreign site are refused', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await signInOnPlatform(page, '/en', E2E.sso.users.codes);

  // A genuine sign-in to site A stopped before its callback (the API client shares the browser's cookies).
  const callbackFor = async (slug: string) => {
    // Node does not resolve `<slug>.localhost`: the call goes to loopback with the site's Host, and the state cookie it
    // sets is handed to the browser for that site.
    const begun = await context.request.get(hostUrl(null, '/api/sso/begin?return=%2Fprofile%2FuserInfo&locale=en'), {
      headers: { host: `${slug}.localhost:${E2E_PORT}` },
      maxRedirects: 0,
    });
    expect(begun.status()).toBe(302);
    const [pair] = begun
      .headersArray()
      .find((h) => h.name.toLowerCase() === 'set-cookie')!
      .value.split(';');
    const at = pair.indexOf('=');
    await context.addCookies([{ name: pair.slice(0, at), value: pair.slice(at + 1), domain: `${slug}.localhost`, path: '/api/sso' }]);
    const issued = await context.request.get(begun.headers()['location'], { maxRedirects: 0 });
    expect(issued.status()).toBe(302);
    const back = issued.headers()['location'];
    expect(back).toContain('code=');
    return back;
  };
  const genuine = await callbackFor(A);
  await page.goto(genuine);
  await expect(page).toHaveURL(hostUrl(A, '/en/profile/userInfo'));
  await expect(page.getByTestId('logout')).toBeVisible();

  // Replayed: another browser (someone who saw the address) and the same browser again are both refused.
  const thief = await browser.newContext({ locale: 'en-GB' });
  const thiefPage = await thief.newPage();
  await thiefPage.goto(genuine);
  await expect(thiefPage.getByTestId('sso-invalid')).toBeVisible();
  await expect(thiefPage.getByTestId('logout')).toHaveCount(0);
  await thief.close();
  await page.goto(genuine);
  await expect(page).toHaveURL(/\/conferencelogin\?sso=invalid$/);

  // Forged: a sign-in begun for real on site B, whose code is swapped for an invented one.
  const forged = new URL(await callbackFor(B));
  forged.searchParams.set('code', 'forged'.padEnd(43, 'x'));
  await page.goto(forged.toString());
  await expect(page).toHaveURL(hostUrl(B, '/en/conferencelogin?redirect=%2Fprofile%2FuserInfo&sso=invalid'));
  await expect(page.getByTestId('sso-invalid')).toContainText('invalid or was already used');
  await expect(page.getByTestId('logout')).toHaveCount(0);

  // A foreign site never gets a code, and a push cannot send the visitor away.
  const foreign = new URLSearchParams({ client: 'http://evil.example', state: 's'.repeat(24), challenge: 'c'.repeat(43) });
  const refused = await page.goto(hostUrl(null, `/api/sso/authorize?${foreign}`));
  expect(refused?.status()).toBe(400);
  await expect(page.locator('body')).toContainText('SSO_SITE_REFUSED');
  const away = new URLSearchParams({ peer: hostUrl(A, '').replace(/\/$/, ''), return: 'http://evil.example/' });
  expect((await page.goto(hostUrl(null, `/api/sso/begin?${away}`)))?.status()).toBe(400);
  // A pull's way back is a path of the site: another host becomes the site's own page.
  await page.goto(hostUrl(A, `/api/sso/begin?${new URLSearchParams({ return: '//evil.example/x' })}`));
  expect(new URL(page.url()).host).toBe(`${A}.localhost:${E2E_PORT}`);
  await context.close();
});

test.describe('a conference on its own domain', () => {
  let domainBrowser: Browser;
  test.beforeAll(async () => {
    domainBrowser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${E2E.sso.domain} 127.0.0.1`],
    });
  });
  test.afterAll(async () => domainBrowser?.close());

  const CONSENT = [
    { prefix: '', locale: 'zh-CN', question: '以 sso-domain@confhub.test 的身份登录“自有域名会议”？', cont: '继续' },
    { prefix: '/en', locale: 'en-GB', question: 'Sign in to “Own Domain Conference” as sso-domain@confhub.test?', cont: 'Continue' },
  ] as const;

  for (const lang of CONSENT) {
    test(`asks on the platform host before signing in there, on a 375 px phone (${lang.locale})`, async () => {
      const context: BrowserContext = await domainBrowser.newContext({
        locale: lang.locale,
        viewport: { width: 375, height: 667 },
        isMobile: true,
        hasTouch: true,
        baseURL: hostUrl(null, '/'),
      });
      const page = await context.newPage();
      await signInOnPlatform(page, lang.prefix, E2E.sso.users.domain);

      await page.goto(domainUrl(`${lang.prefix}/profile/userInfo`));
      await expect(page).toHaveURL(new RegExp(`^${hostUrl(null, `${lang.prefix}/ssoContinue`).replace(/[.?]/g, '\\$&')}\\?`));
      await expect(page.getByTestId('sso-question')).toHaveText(lang.question);
      await expect(page.getByText(E2E.sso.domain)).toBeInViewport();
      await expect(page.getByTestId('sso-continue')).toBeInViewport();
      await expect(page.getByTestId('sso-cancel')).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectNoSerious(page, `ssoContinue ${lang.locale}`);

      await page.getByTestId('sso-continue').click();
      await expect(page).toHaveURL(domainUrl(`${lang.prefix}/profile/userInfo`));
      await expect(page.getByTestId('logout').first()).toBeAttached();
      await context.close();
    });
  }

  const CHAIN = [
    {
      prefix: '',
      locale: 'zh-CN',
      victim: E2E.sso.users.victimZh,
      question: `以 ${E2E.sso.users.attacker} 的身份登录“科学数据大会 2026”？`,
      stay: '否，保留当前账户',
    },
    {
      prefix: '/en',
      locale: 'en-GB',
      victim: E2E.sso.users.victimEn,
      question: `Sign in to “SciData 2026” as ${E2E.sso.users.attacker}?`,
      stay: 'No, keep my current account',
    },
  ] as const;

  for (const lang of CHAIN) {
    test(`a sign-in forced through the own domain never replaces the platform's session unasked, on a 375 px phone (${lang.locale})`, async () => {
      // The victim, signed in on the platform host.
      const victim = await domainBrowser.newContext({
        locale: lang.locale,
        viewport: { width: 375, height: 667 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await victim.newPage();
      await signInOnPlatform(page, lang.prefix, lang.victim);
      // The victim's browser is sent to a push naming the own domain; where it is sent next (the domain's authorize,
      // with the state and challenge) is what the domain's organiser reads.
      const push = new URLSearchParams({
        peer: domainUrl('').replace(/\/$/, ''),
        return: domainUrl('/'),
        locale: lang.prefix ? 'en' : 'zh',
      });
      const begun = await victim.request.get(hostUrl(null, `/api/sso/begin?${push}`), { maxRedirects: 0 });
      expect(begun.status()).toBe(302);
      const readByOrganiser = new URL(begun.headers()['location']);
      expect(readByOrganiser.host).toBe(`${E2E.sso.domain}:${E2E_PORT}`);

      // The organiser, signed in on their own domain with their own account, asks it for a code with that state.
      const attacker = await domainBrowser.newContext({ locale: 'en-GB' });
      const attackerPage = await attacker.newPage();
      await attackerPage.goto(domainUrl('/en/conferencelogin?sso=0'));
      await signInWithForm(attackerPage, E2E.sso.users.attacker);
      await expect(attackerPage).not.toHaveURL(/conferencelogin/);
      // Node does not resolve the domain: the call goes to loopback with the domain's Host and the organiser's cookies.
      const cookie = (await attacker.cookies(domainUrl('/'))).map((c) => `${c.name}=${c.value}`).join('; ');
      const client = await request.newContext();
      const issued = await client.get(hostUrl(null, `${readByOrganiser.pathname}${readByOrganiser.search}`), {
        headers: { host: readByOrganiser.host, cookie },
        maxRedirects: 0,
      });
      const planted = issued.headers()['location'];
      await client.dispose();
      expect(planted).toContain('code=');
      await attacker.close();

      // The victim's browser is sent to the platform's callback with the organiser's code: it is asked, not swapped.
      await page.goto(planted);
      await expect(page).toHaveURL(hostUrl(null, `${lang.prefix}/ssoConfirm`));
      await expect(page.getByTestId('sso-question')).toHaveText(lang.question);
      await expect(page.getByTestId('sso-switching')).toBeInViewport();
      await expect(page.getByText(`${E2E.sso.domain}:${E2E_PORT}`).first()).toBeInViewport();
      await expect(page.getByTestId('sso-continue')).toBeInViewport();
      await expect(page.getByTestId('sso-cancel')).toHaveText(lang.stay);
      await expect(page.getByTestId('sso-cancel')).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectNoSerious(page, `ssoConfirm ${lang.locale}`);
      await page.getByTestId('sso-cancel').click();
      await page.waitForURL((url) => url.host === `${E2E.sso.domain}:${E2E_PORT}`);

      // Still the victim on the platform; the same code, or the same answer, cannot be used again.
      await page.goto(hostUrl(null, `${lang.prefix}/profile/userInfo`));
      await expect(page.getByText(lang.victim).filter({ visible: true }).first()).toBeVisible();
      await page.goto(planted);
      await expect(page).toHaveURL(/\/conferencelogin\?sso=invalid$/);
      await page.goto(hostUrl(null, `${lang.prefix}/ssoConfirm`));
      await expect(page.getByTestId('sso-confirm-gone')).toBeVisible();
      await page.goto(hostUrl(null, `${lang.prefix}/profile/userInfo`));
      await expect(page.getByText(lang.victim).filter({ visible: true }).first()).toBeVisible();
      await victim.close();
    });
  }

  test('declining sends the visitor to the site’s own login form', async () => {
    const context = await domainBrowser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await signInOnPlatform(page, '/en', E2E.sso.users.domain);
    await page.goto(domainUrl('/en/profile/userInfo'));
    // The answer is the page's script: a click before it runs is lost (it once was, on a loaded runner).
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.getByTestId('sso-cancel').click();
    await expect(page).toHaveURL(domainUrl('/en/conferencelogin?redirect=%2Fprofile%2FuserInfo&sso=0'));
    await expect(page.getByTestId('login-form')).toBeVisible();
    await context.close();
  });
});
