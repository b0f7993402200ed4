import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe on the page as it stands (a dialog open, a message shown): no serious or critical violation.
 * It first lets finite animations end — a dialog fading in is half transparent, and axe would measure the contrast
 * of text on its way in. `withoutNotifications` waits for toasts to leave too, for pages checked after a save.
 */
export async function expectNoSerious(page: Page, what: string, options: { withoutNotifications?: boolean } = {}) {
  if (options.withoutNotifications) await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} [${v.impact}] ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${what}: serious or critical accessibility violations`).toEqual([]);
}

/** Waits until every finite animation (a dialog fading in, a drawer sliding) has ended; spinners may go on. */
export async function settleAnimations(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}
