import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe on the page as it stands (a dialog open, a message shown): no serious or critical violation. */
export async function expectNoSerious(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} [${v.impact}] ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${what}: serious or critical accessibility violations`).toEqual([]);
}
