import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NoticeManager } from '@/components/notices/notice-manager';
import { requirePage } from '@/lib/auth/require-page';
import { conferenceFormatter } from '@/lib/i18n/format';
import { listNoticesForOrganiser } from '@/lib/notices/notices';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('notices');
  return { title: t('manageTitle') };
}

/** Notices for the registrants (spec §2 /profile/notice), written and published by the organisers. */
export default async function ManageNoticePage() {
  const { db, conference, roles, locale } = await requirePage('/platform/manage/notice');
  if (!roles.manager && !roles.platformAdmin) return null;
  const notices = await listNoticesForOrganiser(db, conference.id);
  const format = conferenceFormatter(locale, conference.timeZone);
  return (
    <NoticeManager
      notices={notices.map((n) => ({
        id: n.id,
        title: n.title,
        content: n.content,
        pinned: n.pinned,
        published: n.publishedAt !== null,
        dateLabel: format.dateTime(n.publishedAt ?? n.updatedAt, 'short'),
        readCount: n.readCount,
      }))}
    />
  );
}
