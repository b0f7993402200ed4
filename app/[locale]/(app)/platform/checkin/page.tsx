import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CheckinDesk } from '@/components/onsite/checkin-desk';
import { requirePage } from '@/lib/auth/require-page';
import { readCheckinConfig } from '@/lib/onsite/config';
import { openCheckinLists } from '@/lib/onsite/lists';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('checkin');
  return { title: t('title') };
}

/** The door (issue 24): this conference's check-in staff and managers scan tickets or search, and check people in. */
export default async function CheckinPage() {
  const { db, conference, locale } = await requirePage('/platform/checkin');
  const [lists, config] = await Promise.all([
    openCheckinLists(db, { conferenceId: conference.id }),
    readCheckinConfig(db, { conferenceId: conference.id }),
  ]);
  return <CheckinDesk lists={lists} locale={locale} timeZone={conference.timeZone} contactSearch={config.contactSearch} />;
}
