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
 * The form pages moved to the light screens with the plain form kit (components/ui/plain-form.tsx), each with its form
 * drawn, within the same 160 KB: the registration login `/register` (signed out) and the hotel booking page (a
 * registered participant with no booking yet).
 */
test('the registration login and the hotel booking page with their forms load at most 160 KB of compressed JavaScript, in both languages', async ({
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL: hostUrl(null) });
  const login = await api.post('/api/base/oauth/localLogin', { data: { email: E2E.registeredParticipant, password: E2E.password } });
  expect(login.status()).toBe(200);
  const cookie = (await api.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const pages: { pathname: string; form: string; headers: Record<string, string> }[] = [
    { pathname: '/register', form: 'login-form', headers: {} },
    { pathname: '/profile/hotel/order', form: 'hotel-booking-form', headers: { cookie } },
  ];
  for (const prefix of ['', '/en']) {
    for (const page of pages) {
      const pathname = `${prefix}${page.pathname}`;
      const { html } = await pageScripts(hostUrl(null, pathname), page.headers);
      expect(html, `${pathname} draws its form`).toContain(`data-testid="${page.form}"`);
      const weight = await pageWeight(hostUrl(null, pathname), page.headers);
      const detail = weight.scripts.map((s) => `${s.src} ${kb(s.transferred)}`).join(', ');
      expect(weight.transferred, `${pathname}: ${kb(weight.transferred)} — ${detail}`).toBeLessThanOrEqual(PARTICIPANT_BUDGET);
    }
  }
  await api.dispose();
});

/**
 * The last two form pages moved to the light screens (issue 22 point 9): the registration form (a signed-in account
 * that has not registered, the demo's designed items and fees drawn) and the new-submission form (a registered
 * participant) load at most 160 KB of compressed script each, in both languages, with their form drawn and neither zod
 * nor Mantine's Combobox or Popover on their first load.
 */
test('the registration form and the new-submission form load at most 160 KB of compressed JavaScript, with no zod or drop-down layer', async ({
  playwright,
}) => {
  const cookieOf = async (email: string) => {
    const api = await playwright.request.newContext({ baseURL: hostUrl(null) });
    const login = await api.post('/api/base/oauth/localLogin', { data: { email, password: E2E.password } });
    expect(login.status(), `login as ${email}`).toBe(200);
    const cookie = (await api.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    await api.dispose();
    return cookie;
  };
  const pages = [
    { pathname: '/conferenceRegister', form: 'register-form', cookie: await cookieOf(E2E.formVisitor) },
    { pathname: '/profile/submission/details', form: 'submission-form', cookie: await cookieOf(E2E.registeredParticipant) },
  ];
  for (const prefix of ['', '/en']) {
    for (const page of pages) {
      const pathname = `${prefix}${page.pathname}`;
      const { html, scripts } = await pageScripts(hostUrl(null, pathname), { cookie: page.cookie });
      expect(html, `${pathname} draws its form`).toContain(`data-testid="${page.form}"`);
      for (const { what, marker } of HEAVY) {
        const carrying = scripts.filter((s) => s.text.includes(marker)).map((s) => s.src);
        expect(carrying, `${pathname} loads ${what} on its first load`).toEqual([]);
      }
      const weight = await pageWeight(hostUrl(null, pathname), { cookie: page.cookie });
      const detail = weight.scripts.map((s) => `${s.src} ${kb(s.transferred)}`).join(', ');
      expect(weight.transferred, `${pathname}: ${kb(weight.transferred)} — ${detail}`).toBeLessThanOrEqual(PARTICIPANT_BUDGET);
    }
  }
});
