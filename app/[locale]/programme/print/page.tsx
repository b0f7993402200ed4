import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PrintProgramme } from '@/components/programme-book/print-programme';
import { requirePage } from '@/lib/auth/require-page';
import { localized } from '@/lib/i18n/localized';
import { latestProgrammeVersion } from '@/lib/programme/published-programme';

export async function generateMetadata(): Promise<Metadata> {
  const [{ locale, conference }, t] = await Promise.all([requirePage('/programme/print'), getTranslations('programmeBook')]);
  return { title: `${localized(conference.title, locale)} · ${t('print.title')}` };
}

/** The latest published programme as a print-friendly page, with the book of abstracts to download. */
export default async function ProgrammePrintPage() {
  const { locale, db, conference } = await requirePage('/programme/print');
  const [t, version] = await Promise.all([getTranslations('programmeBook'), latestProgrammeVersion(db, { conferenceId: conference.id })]);
  return (
    <PrintProgramme
      locale={locale}
      t={t as unknown as (key: string, values?: Record<string, string | number>) => string}
      title={localized(conference.title, locale)}
      version={version && { number: version.number, publishedAt: version.publishedAt, bookState: version.bookState }}
      snapshot={version?.snapshot ?? null}
    />
  );
}
