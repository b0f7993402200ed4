import { test as base, type Page } from '@playwright/test';
import { ConsoleGuard } from './console-guard';

export { expect } from '@playwright/test';
export { allowConsoleError } from './console-guard';

/** Makes page.goto wait until React has hydrated, so a click is handled by the app, not the browser. */
export function waitForHydrationOnGoto(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    return response;
  };
  return page;
}

/**
 * Every test fails on a console error or an uncaught page error on any page it opens
 * (e2e/support/console-guard.ts holds the narrow allow-list).
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ browser }, provide) => {
      const guard = new ConsoleGuard();
      guard.patchBrowser(browser);
      await provide(guard);
      guard.finish();
    },
    { auto: true },
  ],
  context: async ({ context, consoleGuard }, provide) => {
    await provide(consoleGuard.watchContext(context));
  },
  page: async ({ page, consoleGuard }, provide) => {
    await provide(waitForHydrationOnGoto(consoleGuard.watchPage(page)));
  },
});
