import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/env';

const PLATFORM_WIDE = ['**/oidc.spec.ts'];
/** Specs that time the server under a load of their own: run last, alone, so no other browser burns the cores. */
const ALONE = ['**/public-load.spec.ts'];

/** Browser tests on the machine's Chromium (never a downloaded one) against the built app. */
export default defineConfig({
  testDir: 'e2e',
  // The specs import modules marked `import 'server-only'` (the database, secrets); outside Next the
  // marker resolves to its empty module, as on Next's server (e2e/tsconfig.json maps it).
  tsconfig: './e2e/tsconfig.json',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: 0,
  // Each spec file's time for the budget `npm test` holds the suite to (testing/budget/budget.ts).
  reporter: [['list'], ['./e2e/support/budget-reporter.ts']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  // Specs that change platform-wide settings (the central account system reroutes every ?autologon
  // and 401) run after all the others, so no other spec ever sees their settings; the specs that time the
  // server under load run after those, alone on the machine (one file: one worker).
  projects: [
    { name: 'chromium', testIgnore: [...PLATFORM_WIDE, ...ALONE], use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'platform-wide',
      testMatch: PLATFORM_WIDE,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'alone',
      testMatch: ALONE,
      dependencies: ['platform-wide'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
});
