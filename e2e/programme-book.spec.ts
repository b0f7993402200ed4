import type { Page } from '@playwright/test';
import { expectNoSerious } from './support/axe';
import { hostUrl } from './support/env';
import { E2E } from './support/fixtures-data';
import { PROGRAMME_BOOK } from './support/programme-book-data';
import { expect, test, waitForHydrationOnGoto } from './support/test';

/**
 * The print-friendly programme (/programme/print) of a conference with one published version (planted by
 * e2e/seed-programme-book.ts), in Chinese and English: the sessions day by day with their contributions, readable on
 * a 375 px phone without sideways scrolling, no serious accessibility finding, and the book of abstracts — built by
 * the server in the background after it started — offered for download once ready, a real PDF in each language.
 */
const LANGS = [
  { prefix: '', heading: '会议日程', session: '凝聚态物理', talk: '二维材料中的超导', board: '展板 12', bookLink: 'programme-book-zh' },
  {
    prefix: '/en',
    heading: 'Programme',
    session: 'Condensed matter',
    talk: 'Superconductivity in 2D materials',
    board: 'Board 12',
    bookLink: 'programme-book-en',
  },
] as const;

const printUrl = (prefix: string) => hostUrl(PROGRAMME_BOOK.slug, `${prefix}/programme/print`);

/** Opens the page until the book's links show (the background build takes a few seconds after the server starts). */
async function openWhenBookReady(page: Page, prefix: string) {
  await expect(async () => {
    await page.goto(printUrl(prefix));
    await expect(page.getByTestId('programme-book-zh')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 90_000, intervals: [1_000, 2_000, 3_000] });
}

/** A GET from the page itself (its host is a conference's `<slug>.localhost`, which only the browser resolves). */
function fetchFromPage(page: Page, href: string) {
  return page.evaluate(async (url) => {
    const res = await fetch(url);
    const bytes = new Uint8Array(await res.arrayBuffer());
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      disposition: res.headers.get('content-disposition') ?? '',
      head: String.fromCharCode(...bytes.slice(0, 5)),
    };
  }, href);
}

for (const lang of LANGS) {
  test.describe(`the print programme (${lang.prefix || 'zh'})`, () => {
    test('shows every session and contribution, fits a 375 px phone, passes axe, and offers the book once built', async ({ page }) => {
      test.setTimeout(150_000);
      waitForHydrationOnGoto(page);
      await page.setViewportSize({ width: 375, height: 667 });
      await openWhenBookReady(page, lang.prefix);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toContainText(PROGRAMME_BOOK.title[lang.prefix ? 'en' : 'zh']);
      await expect(heading).toContainText(lang.heading);
      await expect(heading).toBeInViewport();
      const session = page.getByTestId('programme-print-session').filter({ hasText: lang.session });
      await expect(session).toContainText(lang.talk);
      await expect(session).toContainText('张伟');
      await expect(page.getByText(lang.board)).toBeVisible();
      const link = page.getByTestId(lang.bookLink);
      await expect(link).toBeInViewport();
      // Nothing wider than the phone: no sideways scrolling.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await session.scrollIntoViewIfNeeded();
      await expect(session.getByText(lang.talk)).toBeInViewport();
      await expectNoSerious(page, `/programme/print ${lang.prefix || 'zh'} at 375 px`);

      for (const which of ['programme-book-zh', 'programme-book-en']) {
        const href = await page.getByTestId(which).getAttribute('href');
        const res = await fetchFromPage(page, href!);
        expect(res.status).toBe(200);
        expect(res.type).toBe('application/pdf');
        expect(res.disposition).toMatch(/abstracts-v1-(zh|en)\.pdf/);
        expect(res.head).toBe('%PDF-');
      }
      // The download itself, as a visitor's click starts it.
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    });
  });
}

test('a conference without a published programme says so, and its book is not there', async ({ page }) => {
  waitForHydrationOnGoto(page);
  await page.goto(hostUrl(E2E.newsSlug, '/en/programme/print'));
  await expect(page.getByTestId('programme-print-empty')).toHaveText('The programme has not been published yet.');
  await expectNoSerious(page, '/en/programme/print without a programme');
  const res = await fetchFromPage(page, '/api/conference/programme/book?lang=en');
  expect(res.status).toBe(404);
});
