import { eq, sql } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { submissionConfig } from '@/db/schema';
import { sanitizeOrganiserHtml } from '@/lib/cms/sanitize';
import { todayIn } from '@/lib/conferences/website-config';
import { AppError } from '@/lib/http/app-error';
import { callState, DEFAULT_CALL_CONFIG, ZCallConfig, type CallConfig, type CallConfigInput, type CallState } from './config-schemas';
import { sessionTree, type SessionNode } from './sessions';

export { callState, type CallConfig, type CallState };

/** The stored settings with the count of submissions that hold a place (moved only by the submission service). */
export type StoredCallConfig = CallConfig & { used: number };
/** What the submission screens need of the call: its settings, `used`, and the sorted session tree. */
export type CallForPapers = StoredCallConfig & { sessions: SessionNode[] };

type Row = typeof submissionConfig.$inferSelect;

function fromRow(row: Row | undefined): StoredCallConfig {
  if (!row) return { ...DEFAULT_CALL_CONFIG, used: 0 };
  return {
    enabled: row.enabled,
    notice: row.notice,
    openDate: row.openDate ?? '',
    firstDeadline: row.firstDeadline ?? '',
    secondDeadline: row.secondDeadline ?? '',
    cap: row.cap,
    perUserLimit: row.perUserLimit,
    reportTypes: row.reportTypes,
    categories: row.categories,
    keywordsMin: row.keywordsMin,
    keywordsMax: row.keywordsMax,
    abstractMaxChars: row.abstractMaxChars,
    abstractFileRequired: row.abstractFileRequired,
    abstractFileTypes: row.abstractFileTypes as CallConfig['abstractFileTypes'],
    abstractFileMaxMb: row.abstractFileMaxMb,
    fullTextRequired: row.fullTextRequired,
    fullTextTypes: row.fullTextTypes as CallConfig['fullTextTypes'],
    fullTextMaxMb: row.fullTextMaxMb,
    feeMinor: row.feeMinor,
    feeCurrency: row.feeCurrency as CallConfig['feeCurrency'],
    used: row.used,
  };
}

/** The call's settings, the defaults when the organisers saved none. */
export async function findCallConfig(db: Executor, conferenceId: number): Promise<StoredCallConfig> {
  const [row] = await db.select().from(submissionConfig).where(eq(submissionConfig.conferenceId, conferenceId)).limit(1);
  return fromRow(row);
}

/**
 * The public read of the call for papers (for the submission and review screens): the settings
 * (defaults when none were saved), `used`, and the session tree sorted level by level.
 */
export async function callForPapers(db: Executor, conferenceId: number): Promise<CallForPapers> {
  const [config, sessions] = await Promise.all([findCallConfig(db, conferenceId), sessionTree(db, conferenceId)]);
  return { ...config, sessions };
}

/** Where the call stands now, today being counted in the conference's time zone. */
export function callStateNow(
  config: Pick<CallConfig, 'enabled' | 'openDate' | 'firstDeadline' | 'secondDeadline'>,
  timeZone: string,
  now = new Date(),
): CallState {
  return callState(config, todayIn(timeZone, now));
}

/**
 * Saves the settings (the notice's HTML cleaned the way organiser HTML is). `used` is never
 * written here; the cap is written only when it is 0 (no limit) or not below `used`, in the same
 * statement, so a submission taking a place at the same moment cannot slip past it.
 */
export async function saveCallConfig(db: DB, conferenceId: number, raw: CallConfigInput): Promise<StoredCallConfig> {
  const input = ZCallConfig.parse(raw);
  const values = {
    enabled: input.enabled,
    notice: { zh: sanitizeOrganiserHtml(input.notice.zh), en: sanitizeOrganiserHtml(input.notice.en) },
    openDate: input.openDate || null,
    firstDeadline: input.firstDeadline || null,
    secondDeadline: input.secondDeadline || null,
    cap: input.cap,
    perUserLimit: input.perUserLimit,
    reportTypes: input.reportTypes,
    categories: input.categories,
    keywordsMin: input.keywordsMin,
    keywordsMax: input.keywordsMax,
    abstractMaxChars: input.abstractMaxChars,
    abstractFileRequired: input.abstractFileRequired,
    abstractFileTypes: input.abstractFileTypes,
    abstractFileMaxMb: input.abstractFileMaxMb,
    fullTextRequired: input.fullTextRequired,
    fullTextTypes: input.fullTextTypes,
    fullTextMaxMb: input.fullTextMaxMb,
    feeMinor: input.feeMinor,
    feeCurrency: input.feeCurrency,
    updatedAt: new Date(),
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(submissionConfig)
      .values({ conferenceId, ...values })
      .onConflictDoUpdate({
        target: submissionConfig.conferenceId,
        set: values,
        setWhere: sql`${input.cap}::int = 0 or ${submissionConfig.used} <= ${input.cap}`,
      })
      .returning();
    if (!row) {
      const { used } = await findCallConfig(tx, conferenceId);
      throw new AppError('SUBMISSION_CAP_BELOW_USED', { used });
    }
    return fromRow(row);
  });
}
