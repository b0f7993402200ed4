import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { MAIL_DIR } from './env';
import type { ParsedMail } from './mime';

/**
 * Waits for a mail to `to` that arrived after `since`, as the real SMTP server received it: the newest mail to `to` received since `since`; with `subject`, the newest whose subject has it (one event may
 * send several mails, a payment its confirmation and the ticket, in either order).
 */
export async function waitForMail(to: string, since: number, timeoutMs = 20_000, subject?: string): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = readdirSync(MAIL_DIR)
      .sort()
      .map((file) => JSON.parse(readFileSync(path.join(MAIL_DIR, file), 'utf8')) as ParsedMail & { receivedAt: number })
      .filter((mail) => mail.to.includes(to.toLowerCase()) && mail.receivedAt >= since)
      .filter((mail) => subject === undefined || mail.subject.includes(subject));
    if (found.length) {
      const mail = found.at(-1)!;
      // An attachment's bytes were written as JSON ({ type: 'Buffer', data }): bytes again.
      const attachments = mail.attachments.map((a) => ({ ...a, content: Buffer.from((a.content as unknown as { data: number[] }).data) }));
      return { ...mail, attachments };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

export function codeIn(mail: ParsedMail): string {
  const match = /(\d{6})/.exec(mail.text);
  if (!match) throw new Error(`no code in mail: ${mail.text}`);
  return match[1];
}

/** Logs in through the real form. `prefix` is '' for Chinese, '/en' for English. */
export async function login(page: Page, email: string, password: string, prefix = '') {
  await page.goto(`${prefix}/conferencelogin`);
  const form = page.getByTestId('login-form');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
  await expect(page).not.toHaveURL(/conferencelogin/);
  await waitForApp(page);
}

/** After a navigation the app made itself (not page.goto): wait until the new page is interactive. */
export async function waitForApp(page: Page) {
  await page.waitForLoadState('domcontentloaded');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
}

/** The app's confirm dialog (components/ui/confirm-dialog.tsx), not the browser's: there is no native one left. */
export function confirmDialog(page: Page) {
  return page.getByRole('dialog').filter({ has: page.getByTestId('confirm-ok') });
}

/** Answers the app's confirm dialog that the last click opened: OK by default, or Cancel; it closes. */
export async function answerConfirm(page: Page, answer: 'ok' | 'cancel' = 'ok') {
  const dialog = confirmDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByTestId(answer === 'ok' ? 'confirm-ok' : 'confirm-cancel').click();
  await expect(dialog).toBeHidden();
}
