import { kb, pageScripts, pageWeight } from '../scripts/page-weight';
import { hostUrl } from './support/env';
import { E2E } from './support/fixtures-data';
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

/**
 * The form pages (issue 22 point 9): their first load carries neither zod (the forms' schemas, the
 * handlers' own, come with the first check) nor Mantine's Combobox and its floating layer (native
 * selects, a pills input, the browser's datalist suggestions). Each page is checked to draw its form,
 * so the test cannot pass on a page that lost it. Markers: zod's class names and Mantine's display
 * names, which minification keeps.
 */
const HEAVY = [
  { what: 'zod', marker: '"ZodObject"' },
  { what: "Mantine's Combobox", marker: '"@mantine/core/Combobox"' },
  { what: "Mantine's Popover (floating-ui)", marker: '"@mantine/core/Popover"' },
];

test('the form pages load no zod and no drop-down layer before the form is used', async ({ request }) => {
  const login = await request.post(hostUrl(null, '/api/base/oauth/localLogin'), {
    data: { email: E2E.registeredParticipant, password: E2E.password },
  });
  expect(login.status()).toBe(200);
  const cookie = login
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => h.value.split(';')[0])
    .join('; ');
  const pages: { pathname: string; form: string; headers: Record<string, string> }[] = [
    { pathname: '/register', form: 'login-form', headers: {} },
    { pathname: '/en/register', form: 'login-form', headers: {} },
    { pathname: '/profile/hotel/order', form: 'hotel-booking-form', headers: { cookie } },
    { pathname: '/en/profile/submission/details', form: 'submission-form', headers: { cookie } },
  ];
  for (const { pathname, form, headers } of pages) {
    const { html, scripts } = await pageScripts(hostUrl(null, pathname), headers);
    expect(html, `${pathname} draws its form`).toContain(`data-testid="${form}"`);
    for (const { what, marker } of HEAVY) {
      const carrying = scripts.filter((s) => s.text.includes(marker)).map((s) => s.src);
      expect(carrying, `${pathname} loads ${what} on its first load`).toEqual([]);
    }
  }
});

/**
 * A participant's read-only screens (issue 22 point 9), drawn as server HTML with small client
 * islands (app/[locale]/(light)): the fee page, the order list, the payment page of an unpaid order
 * and the submission list load at most 160 KB of compressed script each, in both languages, signed
 * in as the phone participant (a paid registration fee, an unpaid banquet, a submission). Mantine's
 * provider or its components, or the whole language's messages, coming back to these screens would
 * break it.
 */
const PARTICIPANT_BUDGET = 160 * 1024;

test('the fee page, order list, payment page and submission list load at most 160 KB of compressed JavaScript', async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: hostUrl(null) });
  const login = await api.post('/api/base/oauth/localLogin', { data: { email: E2E.phoneParticipant.email, password: E2E.password } });
  expect(login.status()).toBe(200);
  const cookie = (await api.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const orders = await (await api.get('/profile/order/list')).text();
  const unpaid = /\/profile\/order\/pay\/goto\/(\d+)"/.exec(orders)?.[1];
  expect(unpaid, 'the phone participant has an unpaid order to pay').toBeTruthy();
  const pages = ['/profile/conference/fee', '/profile/order/list', `/profile/order/pay/goto/${unpaid}`, '/profile/submission'];
  for (const prefix of ['', '/en']) {
    for (const pathname of pages) {
      const weight = await pageWeight(hostUrl(null, `${prefix}${pathname}`), { cookie });
      const detail = weight.scripts.map((s) => `${s.src} ${kb(s.transferred)}`).join(', ');
      expect(weight.scripts.length, `${prefix}${pathname} is the signed-in screen (it loads scripts)`).toBeGreaterThan(3);
      expect(weight.transferred, `${prefix}${pathname}: ${kb(weight.transferred)} — ${detail}`).toBeLessThanOrEqual(PARTICIPANT_BUDGET);
    }
  }
  await api.dispose();
});

/**
 * The form pages moved to the light screens with the plain form kit (components/ui/plain-form.tsx): the hotel booking
 * page, its booking form drawn (a registered participant with no booking yet), within the same 160 KB.
 */
test('the hotel booking page with its form loads at most 160 KB of compressed JavaScript, in both languages', async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: hostUrl(null) });
  const login = await api.post('/api/base/oauth/localLogin', { data: { email: E2E.registeredParticipant, password: E2E.password } });
  expect(login.status()).toBe(200);
  const cookie = (await api.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  for (const prefix of ['', '/en']) {
    const pathname = `${prefix}/profile/hotel/order`;
    const { html } = await pageScripts(hostUrl(null, pathname), { cookie });
    expect(html, `${pathname} draws its form`).toContain('data-testid="hotel-booking-form"');
    const weight = await pageWeight(hostUrl(null, pathname), { cookie });
    const detail = weight.scripts.map((s) => `${s.src} ${kb(s.transferred)}`).join(', ');
    expect(weight.transferred, `${pathname}: ${kb(weight.transferred)} — ${detail}`).toBeLessThanOrEqual(PARTICIPANT_BUDGET);
  }
  await api.dispose();
});
