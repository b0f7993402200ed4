import type { Browser, BrowserContext, ConsoleMessage, Page } from '@playwright/test';
import { E2E_PORT } from './env';

/**
 * Fails a browser test on any console error or uncaught page error, on every page the test opens
 * (the `page` fixture, and pages of contexts made with browser.newContext / browser.newPage).
 *
 * The allow-list is narrow:
 * - standing: the browser's "Failed to load resource: … status of 4xx" for a call to the app's own
 *   /api: a refusal the API answers with its JSON envelope and the page shows as a message (a test
 *   that types a wrong password or a missing field provokes it on purpose). A 5xx is never allowed.
 * - standing: the 404 of /favicon.ico on another origin than the app's: the stand-ins' pages (the
 *   payment sandboxes, the identity provider) have no icon, and the browser asks for one.
 * - per test: `allowConsoleError(pattern)`, for an error the test provokes deliberately (a page it
 *   expects to answer 404); the pattern is matched against "<text> @ <url>" and is reset after each test.
 */
const allowedThisTest: RegExp[] = [];

export function allowConsoleError(pattern: RegExp): void {
  allowedThisTest.push(pattern);
}

const API_REFUSAL = /^Failed to load resource: the server responded with a status of 4\d\d\b/;

function describe(message: ConsoleMessage): string {
  return `${message.text()} @ ${message.location().url}`;
}

function isAllowed(message: ConsoleMessage): boolean {
  const text = describe(message);
  if (API_REFUSAL.test(message.text())) {
    try {
      const url = new URL(message.location().url);
      if (url.port === String(E2E_PORT) && url.pathname.startsWith('/api/')) return true;
      if (url.port !== String(E2E_PORT) && url.pathname === '/favicon.ico') return true;
    } catch {
      // no usable URL: not an API call
    }
  }
  return allowedThisTest.some((pattern) => pattern.test(text));
}

/** Collects one test's console errors across all the pages it opens. */
export class ConsoleGuard {
  readonly errors: string[] = [];
  private readonly watched = new WeakSet<Page>();
  private restore: (() => void) | null = null;

  watchPage(page: Page): Page {
    if (this.watched.has(page)) return page;
    this.watched.add(page);
    page.on('console', (message) => {
      if (message.type() === 'error' && !isAllowed(message)) this.errors.push(`console error on ${page.url()}: ${describe(message)}`);
    });
    page.on('pageerror', (error) => {
      const text = `${error.name}: ${error.message}`;
      if (!allowedThisTest.some((pattern) => pattern.test(text))) this.errors.push(`page error on ${page.url()}: ${text}`);
    });
    return page;
  }

  watchContext(context: BrowserContext): BrowserContext {
    context.pages().forEach((page) => this.watchPage(page));
    context.on('page', (page) => this.watchPage(page));
    return context;
  }

  /** Watches every context the test makes with browser.newContext (browser.newPage goes through it). */
  patchBrowser(browser: Browser): void {
    const newContext = browser.newContext;
    const newPage = browser.newPage;
    browser.newContext = async (...args) => this.watchContext(await newContext.apply(browser, args));
    browser.newPage = async (...args) => this.watchPage(await newPage.apply(browser, args));
    this.restore = () => {
      browser.newContext = newContext;
      browser.newPage = newPage;
    };
  }

  finish(): void {
    this.restore?.();
    allowedThisTest.length = 0;
    if (this.errors.length) throw new Error(`console errors during the test:\n${this.errors.join('\n')}`);
  }
}
