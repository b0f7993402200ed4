import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_URL = `http://localhost:${E2E_PORT}`;
/** Where the test SMTP server drops each received mail as JSON. */
export const MAIL_DIR = process.env.E2E_MAIL_DIR ?? path.join(process.cwd(), 'test-results', 'mail');
export const hostUrl = (slug: string | null, pathname = '/') => `http://${slug ? `${slug}.` : ''}localhost:${E2E_PORT}${pathname}`;
/** checkEmail's per-client limit in the browser tests (e2e/client-limits.spec.ts runs into it; no page calls checkEmail). */
export const E2E_CHECK_EMAIL_LIMIT = 50;
/** Failed logins that lock an account in the browser tests (e2e/accounts.spec.ts locks one and signs in with the mailed code). */
export const E2E_LOGIN_FAILURE_LIMIT = 10;

/** The machine's Chromium (never a downloaded one) and the flags every browser of the tests starts with. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
