import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '@/db/seed';
import { expectNoSerious } from './support/axe';
import { hostUrl } from './support/env';
import { login } from './support/helpers';
import { E2E } from './support/fixtures-data';
import { expect, test, waitForHydrationOnGoto } from './support/test';

/**
 * Badges and certificates of attendance (issue 24 points 2 and 5), in Chinese and English, on a 375 px phone and on a
 * desktop: the organiser's badge settings with the preview and the print buttons (the PDFs they give), the
 * participant's certificate button in the first screen of /profile once the conference is over (and its PDF), the
 * organiser's certificate page, and the public verification page — a genuine code, an unknown one, and the form.
 */
const SCREENS: { name: string; options: BrowserContextOptions }[] = [
  { name: '375 px phone', options: { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true } },
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 } } },
];
const LANGS = [
  { prefix: '', locale: 'zh-CN', lang: 'zh' as const },
  { prefix: '/en', locale: 'en-GB', lang: 'en' as const },
];
const WORDS = {
  zh: {
    badges: '胸牌',
    printAll: '打印全部胸牌（PDF）',
    preview: '胸牌预览',
    certificate: '下载参会证明（PDF）',
    verify: '核验参会证明',
    genuine: '证明真实有效',
    unknown: '未知的验证码',
    verifyButton: '核验',
    certificates: '参会证明',
  },
  en: {
    badges: 'Badges',
    printAll: 'Print all badges (PDF)',
    preview: 'Preview of a badge',
    certificate: 'Download the certificate (PDF)',
    verify: 'Verify a certificate of attendance',
    genuine: 'Genuine certificate',
    unknown: 'Unknown code',
    verifyButton: 'Verify',
    certificates: 'Certificates of attendance',
  },
};

/**
 * A page signed in as `email` on the conference `slug` (null: the demo). The demo's login goes through the API; a
 * conference of its own (`<slug>.localhost`, which only the browser resolves) through the real login form.
 */
async function signedIn(
  browser: Browser,
  options: BrowserContextOptions,
  email: string,
  password: string,
  slug: string | null = null,
): Promise<Page> {
  const context = await browser.newContext({ ...options, baseURL: hostUrl(slug, '') });
  if (slug) {
    const page = waitForHydrationOnGoto(await context.newPage());
    await login(page, email, password);
    return page;
  }
  const answer = await context.request.post('/api/base/oauth/localLogin', { data: { email, password } });
  expect(answer.status(), `login as ${email}`).toBe(200);
  return waitForHydrationOnGoto(await context.newPage());
}

/** A file fetched by the page itself (its host and cookies): status, type and first bytes. */
const fetchInPage = (page: Page, href: string) =>
  page.evaluate(async (url) => {
    const res = await fetch(url);
    const head = new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5));
    return { status: res.status, type: res.headers.get('content-type'), head };
  }, href);

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'no sideways scrolling').toBeLessThanOrEqual(
    0,
  );

for (const screen of SCREENS) {
  for (const { prefix, locale, lang } of LANGS) {
    const words = WORDS[lang];

    test(`badges: the organiser sees the preview and prints (${lang}, ${screen.name})`, async ({ browser }) => {
      const page = await signedIn(browser, { ...screen.options, locale }, DEMO_ACCOUNTS.manager.email, DEMO_ACCOUNTS.manager.password);
      await page.goto(`${prefix}/platform/onsite/badges`);
      await expect(page.getByRole('heading', { name: words.badges, level: 3 })).toBeVisible();
      const preview = page.getByTestId('badge-preview');
      await expect(preview).toBeVisible();
      await expect(preview).toHaveAttribute('aria-label', new RegExp(words.preview));
      await expect(preview.locator('text').filter({ hasText: '欧阳明远' })).toHaveCount(1);
      const printAll = page.getByRole('link', { name: words.printAll });
      await printAll.scrollIntoViewIfNeeded();
      await expect(printAll).toBeVisible();
      const pdf = await page.request.get((await printAll.getAttribute('href'))!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
      await expect(page.getByTestId('badge-preview-pdf')).toBeVisible();
      await noSidewaysScroll(page);
      await expectNoSerious(page, `badges (${lang}, ${screen.name})`);
      await page.context().close();
    });

    test(`certificates: the checked-in participant downloads theirs from /profile after the conference (${lang}, ${screen.name})`, async ({
      browser,
    }) => {
      const attendee = E2E.certAttendees[lang];
      const page = await signedIn(browser, { ...screen.options, locale }, attendee.email, E2E.password, E2E.certSlug);
      await page.goto(`${prefix}/profile/userInfo`);
      const button = page.getByRole('link', { name: words.certificate });
      await expect(button).toBeInViewport({ ratio: 1 });
      expect(await fetchInPage(page, (await button.getAttribute('href'))!)).toEqual({
        status: 200,
        type: 'application/pdf',
        head: '%PDF-',
      });
      await noSidewaysScroll(page);
      await expectNoSerious(page, `certificate on /profile (${lang}, ${screen.name})`);
      await page.context().close();
    });

    test(`certificates: the public page confirms a genuine code and says an unknown one is unknown (${lang}, ${screen.name})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ ...screen.options, locale, baseURL: hostUrl(E2E.certSlug, '') });
      const page = waitForHydrationOnGoto(await context.newPage());
      await page.goto(`${prefix}/certificate/verify/${E2E.certCode}`);
      await expect(page.getByRole('heading', { name: words.verify, level: 1 })).toBeVisible();
      const genuine = page.getByTestId('verify-genuine');
      await expect(genuine).toContainText(words.genuine);
      await expect(genuine).toContainText(E2E.certAttendees.zh.name);
      await expect(genuine).not.toContainText('复旦大学');
      await expect(genuine).toBeInViewport();
      await noSidewaysScroll(page);
      await expectNoSerious(page, `verification, genuine (${lang}, ${screen.name})`);
      // An altered code (its last character changed), typed in the form: unknown.
      await page.getByLabel(lang === 'zh' ? '验证码' : 'Verification code').fill(E2E.certCode.replace(/1$/, '2'));
      await page.getByRole('button', { name: words.verifyButton }).click();
      await expect(page.getByTestId('verify-unknown')).toContainText(words.unknown);
      await expect(page).toHaveURL(/\/certificate\/verify\?code=/);
      await expectNoSerious(page, `verification, unknown (${lang}, ${screen.name})`);
      await context.close();
    });
  }
}

test('certificates: the organiser sets the text, sees an unknown placeholder named, and mails the certificates once', async ({
  browser,
}) => {
  const page = await signedIn(
    browser,
    { viewport: { width: 1280, height: 900 }, locale: 'en-GB' },
    E2E.certManager,
    E2E.password,
    E2E.certSlug,
  );
  await page.goto('/en/platform/onsite/certificates');
  await expect(page.getByRole('heading', { name: WORDS.en.certificates, level: 3 })).toBeVisible();
  const body = page.getByTestId('certificate-body-en');
  const text = await body.inputValue();
  await body.fill(`${text} {affiliation}`);
  await expect(page.getByTestId('certificate-unknown')).toContainText('{affiliation}');
  await page.getByTestId('certificate-save').click();
  await expect(page.getByText('Unknown placeholder').first()).toBeVisible();
  await body.fill(text);
  await expect(page.getByTestId('certificate-unknown')).toHaveCount(0);
  await page.getByTestId('certificate-save').click();
  await expect(page.getByText('Certificate text saved')).toBeVisible();
  await page.getByTestId('certificate-mail').click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(/2 mails queued; 0 had been mailed before/)).toBeVisible();
  await page.getByTestId('certificate-mail').click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(/0 mails queued; 2 had been mailed before/)).toBeVisible();
  await expect(page.getByTestId('certificate-counts')).toContainText('mailed: 2');
  await expectNoSerious(page, 'certificates page', { withoutNotifications: true });
  await page.context().close();
});
