import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import {
  programmeVersion,
  PROGRAMME_SESSION_TYPES,
  type ProgrammeSnapshot,
  type ProgrammeSnapshotContribution,
  type ProgrammeSnapshotSession,
} from '@/db/schema';
import { sheet, type WorkbookSpec } from '@/lib/exports/workbook';
import { AppError } from '@/lib/http/app-error';
import { localized, type Locale } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import { latestProgrammeVersion } from '../published-programme';

type Row = { session: ProgrammeSnapshotSession; contribution: ProgrammeSnapshotContribution | null };

/**
 * A published programme as an xlsx workbook in the organiser's language: one row per contribution in time order
 * (a session without contributions — a break, a social — is one row of its own), with the day as a date cell and
 * start and end as date-time cells in the conference's zone, the room, session and its type, the code, title,
 * authors (presenter named again), affiliations and board number.
 */
export function programmeWorkbook(snapshot: ProgrammeSnapshot, locale: Locale): WorkbookSpec {
  const t = serverTranslator(locale, 'programmeBook');
  const rooms = new Map(snapshot.rooms.map((r) => [r.id, localized(r.name, locale)]));
  const rows: Row[] = snapshot.sessions.flatMap((session): Row[] =>
    session.contributions.length
      ? session.contributions.map((contribution) => ({ session, contribution }))
      : [{ session, contribution: null }],
  );
  const startOf = (r: Row) => new Date(r.contribution?.startsAt ?? r.session.startsAt);
  const endOf = (r: Row) => new Date(r.contribution?.endsAt ?? r.session.endsAt);
  rows.sort((a, b) => startOf(a).getTime() - startOf(b).getTime() || (a.session.roomId ?? 0) - (b.session.roomId ?? 0));
  const join = locale === 'zh' ? '；' : '; ';
  return {
    timeZone: snapshot.timeZone,
    sheets: [
      sheet<Row>({
        name: t('xlsx.sheet'),
        fallbackName: t('xlsx.fallbackSheet'),
        rows,
        columns: [
          { header: t('xlsx.day'), width: 12, type: 'date', value: startOf },
          { header: t('xlsx.start'), width: 17, type: 'datetime', value: startOf },
          { header: t('xlsx.end'), width: 17, type: 'datetime', value: endOf },
          {
            header: t('xlsx.room'),
            width: 16,
            type: 'text',
            value: (r) => (r.session.roomId === null ? t('xlsx.allRooms') : (rooms.get(r.session.roomId) ?? '')),
          },
          { header: t('xlsx.session'), width: 24, type: 'text', value: (r) => localized(r.session.title, locale) },
          {
            header: t('xlsx.sessionType'),
            width: 12,
            type: 'label',
            value: (r) => r.session.type,
            label: (v) => ((PROGRAMME_SESSION_TYPES as readonly string[]).includes(v) ? t(`xlsx.types.${v}`) : v),
          },
          { header: t('xlsx.code'), width: 10, type: 'text', value: (r) => r.contribution?.code },
          {
            header: t('xlsx.title'),
            width: 40,
            type: 'text',
            wrap: true,
            value: (r) => (r.contribution ? localized(r.contribution.title, locale) : null),
          },
          {
            header: t('xlsx.authors'),
            width: 36,
            type: 'text',
            wrap: true,
            value: (r) => r.contribution?.authors.map((a) => a.name).join(join),
          },
          {
            header: t('xlsx.presenter'),
            width: 16,
            type: 'text',
            value: (r) =>
              r.contribution?.authors
                .filter((a) => a.presenter)
                .map((a) => a.name)
                .join(join),
          },
          {
            header: t('xlsx.affiliations'),
            width: 40,
            type: 'text',
            wrap: true,
            value: (r) => r.contribution?.affiliations.map((a, i) => `${i + 1} ${a}`).join(join),
          },
          { header: t('xlsx.board'), width: 8, type: 'text', value: (r) => r.contribution?.boardNumber || null },
        ],
      }),
    ],
  };
}

/** The workbook of the conference's latest version, or of version `number`; NOT_FOUND when there is none. */
export async function exportProgramme(
  db: Executor,
  { conferenceId, number, locale }: { conferenceId: number; number?: number; locale: Locale },
): Promise<{ book: WorkbookSpec; number: number }> {
  const version =
    number === undefined
      ? await latestProgrammeVersion(db, { conferenceId })
      : ((
          await db
            .select()
            .from(programmeVersion)
            .where(and(eq(programmeVersion.conferenceId, conferenceId), eq(programmeVersion.number, number)))
        )[0] ?? null);
  if (!version) throw new AppError('NOT_FOUND');
  return { book: programmeWorkbook(version.snapshot, locale), number: version.number };
}
