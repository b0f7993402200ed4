import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

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

export const test = base.extend({
  page: async ({ page }, provide) => {
    await provide(waitForHydrationOnGoto(page));
  },
});
