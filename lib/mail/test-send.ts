import type { Executor } from '@/db/client';
import { hitRateLimit, LIMITS } from '@/lib/accounts/rate-limit';
import { AppError, type ErrorCode } from '@/lib/http/app-error';
import { localized, type Locale, type LocalizedText } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import { renderCustomMail } from './render';
import { smtpAccountOf, storedMailConfig } from './conference-config';
import { smtpTransport } from './transport';

/** How long a test send waits for the server at each step (MAIL_TEST_TIMEOUT_MS, default 15 s). */
export function testTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.MAIL_TEST_TIMEOUT_MS);
  return Number.isInteger(value) && value > 0 ? value : 15_000;
}

/**
 * What a failed send tells the organiser, from nodemailer's error code (never its text): a server
 * that does not answer in time (connection, greeting or a step such as the login: ETIMEDOUT) is
 * "mail authentication timed out, check SMTP"; anything else (EAUTH, ECONNECTION, ESOCKET, EDNS,
 * EENVELOPE, a refused recipient …) is "send failed, check mail config or address".
 */
export function sendFailureCode(error: unknown): Extract<ErrorCode, 'MAIL_AUTH_TIMEOUT' | 'MAIL_SEND_FAILED'> {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 'ETIMEDOUT' ? 'MAIL_AUTH_TIMEOUT' : 'MAIL_SEND_FAILED';
}

/**
 * Sends a test mail through the conference's stored mail account (active or not yet) to the
 * address the organiser typed, at once (not through the outbox: the organiser waits for the
 * answer), at most RATE_LIMIT_MAIL_TEST (20) per conference in 10 minutes. A conference without a
 * stored account gets MAIL_NOT_CONFIGURED.
 */
export async function sendTestMail(
  db: Executor,
  conference: { id: number; title: LocalizedText },
  to: string,
  locale: Locale,
  timeoutMs = testTimeoutMs(),
): Promise<{ sent: true }> {
  const row = await storedMailConfig(db, conference.id);
  if (!row) throw new AppError('MAIL_NOT_CONFIGURED');
  await hitRateLimit(db, `mail-test:${conference.id}`, LIMITS.mailTestPerConference);
  const t = serverTranslator(locale, 'mail');
  const vars = { conference: localized(conference.title, locale), host: row.smtpHost, from: row.fromAddress };
  const mail = renderCustomMail(t('testSubject', vars), t('testBody', vars), locale, {});
  const transport = smtpTransport(smtpAccountOf(row, { connection: timeoutMs, greeting: timeoutMs, socket: timeoutMs }));
  try {
    await transport.send({ to, ...mail });
  } catch (error) {
    console.warn(`[mail] test send for conference ${conference.id} failed: ${(error as { code?: string })?.code ?? 'unknown'}`);
    throw new AppError(sendFailureCode(error));
  } finally {
    transport.close?.();
  }
  return { sent: true };
}
