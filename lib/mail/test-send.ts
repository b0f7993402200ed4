import { setTimeout as sleep } from 'node:timers/promises';
import type { Executor } from '@/db/client';
import { hitRateLimit, LIMITS } from '@/lib/accounts/rate-limit';
import { AppError } from '@/lib/http/app-error';
import { localized, type Locale, type LocalizedText } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import { renderCustomMail } from './render';
import { smtpAccountOf, storedMailConfig } from './conference-config';
import { smtpTransport } from './transport';

/** How long a test send may take, and when every failed one answers (MAIL_TEST_DEADLINE_MS, default 10 s). */
export function testDeadlineMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.MAIL_TEST_DEADLINE_MS);
  return Number.isInteger(value) && value > 0 ? value : 10_000;
}

/**
 * Sends a test mail through the conference's stored mail account (active or not yet) to the
 * address the organiser typed, at once (not through the outbox: the organiser waits for the
 * answer). At most RATE_LIMIT_MAIL_TEST (20) per ACCOUNT in 10 minutes, whatever conference it
 * manages (a new conference gives no new tries). A conference without a stored account gets
 * MAIL_NOT_CONFIGURED.
 *
 * Whatever goes wrong (a refused internal host, nothing listening, a silent or slow server, a
 * refused login, TLS) the answer is the one MAIL_SEND_FAILED, and only once the deadline has
 * passed since the send began: neither the answer nor its timing tells open, closed and silent
 * ports apart. The reason is logged for the platform's operators only.
 */
export async function sendTestMail(
  db: Executor,
  conference: { id: number; title: LocalizedText },
  accountId: string,
  to: string,
  locale: Locale,
  deadlineMs = testDeadlineMs(),
): Promise<{ sent: true }> {
  const row = await storedMailConfig(db, conference.id);
  if (!row) throw new AppError('MAIL_NOT_CONFIGURED');
  await hitRateLimit(db, `mail-test:account:${accountId}`, LIMITS.mailTestPerAccount);
  const t = serverTranslator(locale, 'mail');
  const vars = { conference: localized(conference.title, locale), host: row.smtpHost, from: row.fromAddress };
  const mail = renderCustomMail(t('testSubject', vars), t('testBody', vars), locale, {});
  const started = Date.now();
  const deadline = AbortSignal.timeout(deadlineMs);
  let transport: ReturnType<typeof smtpTransport> | undefined;
  try {
    transport = smtpTransport(smtpAccountOf(row, { connection: deadlineMs, greeting: deadlineMs, socket: deadlineMs }));
    await transport.send({ to, ...mail }, { signal: deadline });
  } catch (error) {
    console.warn(`[mail] test send for conference ${conference.id} failed: ${(error as { code?: string })?.code ?? 'unknown'}`);
    await sleep(Math.max(0, started + deadlineMs - Date.now()));
    throw new AppError('MAIL_SEND_FAILED');
  } finally {
    transport?.close?.();
  }
  return { sent: true };
}
