import type { DB } from '@/db/client';
import { reviewer } from '@/db/schema';
import type { Locale } from '@/lib/i18n/localized';
import { hasMessage, serverTranslator } from '@/lib/i18n/server-messages';
import type { Conference } from '@/lib/tenancy/resolve-conference';
import { invitationLocale, queueInvitation, type InviteContext } from './invite';
import { newInvitationKey } from './keys';
import { ZAddReviewer, type AddReviewerInput } from './schemas';
import { readReviewerSheet } from './sheet';

export type ImportResult = {
  added: number;
  /** Already reviewers of the conference, or listed earlier in the same file. */
  skipped: { row: number; email: string }[];
  /** Rows that were not imported, with the reason in the caller's language. */
  invalid: { row: number; email: string; reason: string }[];
};

function reasonText(locale: Locale, key: string): string {
  return hasMessage(locale, 'validation', key)
    ? serverTranslator(locale, 'validation')(key)
    : serverTranslator(locale, 'errors')('invalidInput');
}

/**
 * POST review/import: invites every valid row of an xlsx or CSV file. Invalid rows are reported with
 * their row number and reason and change nothing; the valid new rows are added together, with their
 * invitation mails, in one transaction (all of them or none); emails that are already reviewers
 * (also when added concurrently) or repeated in the file are skipped and reported.
 */
export async function importReviewers(db: DB, conference: Conference, data: Uint8Array, ctx: InviteContext): Promise<ImportResult> {
  const rows = await readReviewerSheet(data);
  const invalid: ImportResult['invalid'] = [];
  const skipped: ImportResult['skipped'] = [];
  const valid: { row: number; input: AddReviewerInput }[] = [];
  const seen = new Set<string>();
  for (const { row, values } of rows) {
    const parsed = ZAddReviewer.safeParse(values);
    if (!parsed.success) {
      invalid.push({ row, email: values.email ?? '', reason: reasonText(ctx.locale, parsed.error.issues[0]?.message ?? '') });
      continue;
    }
    if (seen.has(parsed.data.email)) {
      skipped.push({ row, email: parsed.data.email });
      continue;
    }
    seen.add(parsed.data.email);
    valid.push({ row, input: parsed.data });
  }
  if (valid.length === 0) return { added: 0, skipped, invalid };

  const keys = new Map(valid.map((v) => [v.input.email, newInvitationKey()]));
  const added = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(reviewer)
      .values(
        valid.map((v) => ({
          ...v.input,
          conferenceId: conference.id,
          keyHash: keys.get(v.input.email)!.keyHash,
          locale: invitationLocale(conference, ctx.locale),
        })),
      )
      .onConflictDoNothing()
      .returning();
    for (const row of inserted) await queueInvitation(tx, conference, row, keys.get(row.email)!.key, ctx);
    return new Set(inserted.map((r) => r.email));
  });
  for (const v of valid) if (!added.has(v.input.email)) skipped.push({ row: v.row, email: v.input.email });
  skipped.sort((a, b) => a.row - b.row);
  return { added: added.size, skipped, invalid };
}
