import { kb, pageWeight } from '../scripts/page-weight';
import { hostUrl } from './support/env';
import { expect, test } from './support/test';

/**
 * The public pages' JavaScript budget: a visitor who only reads the home page (or a prompt page)
 * loads at most 120 KB of compressed script, counted as `npm run bench:lighthouse` counts it (every
 * `<script src>` of the HTML, fetched with br/gzip accepted). Mantine or next-intl's client code
 * reaching these pages again would break it.
 */
const BUDGET = 120 * 1024;

test('public pages load at most 120 KB of compressed JavaScript, in both languages', async () => {
  for (const pathname of ['/', '/en', '/404', '/en/404']) {
    const weight = await pageWeight(hostUrl(null, pathname));
    const detail = weight.scripts.map((s) => `${s.src} ${kb(s.transferred)} (${s.encoding || 'identity'})`).join(', ');
    expect(weight.transferred, `${pathname}: ${kb(weight.transferred)} — ${detail}`).toBeLessThanOrEqual(BUDGET);
  }
});
