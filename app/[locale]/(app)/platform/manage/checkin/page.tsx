import { Stack, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CheckinSetup } from '@/components/onsite/checkin-setup';
import { requirePage } from '@/lib/auth/require-page';
import { readCheckinConfig } from '@/lib/onsite/config';
import { feeListSwitches } from '@/lib/onsite/lists';
import { listCheckinStaff } from '@/lib/onsite/staff';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('checkin');
  return { title: t('manageTitle') };
}

/**
 * The organiser's check-in setup: who is check-in staff (granted and revoked by email), whether the door may search by
 * email and phone, and which optional fees need check-in.
 */
export default async function ManageCheckinPage() {
  const { db, conference, locale } = await requirePage('/platform/manage/checkin');
  const [t, staff, fees, config] = await Promise.all([
    getTranslations('checkin'),
    listCheckinStaff(db, { conferenceId: conference.id }),
    feeListSwitches(db, { conferenceId: conference.id }),
    readCheckinConfig(db, { conferenceId: conference.id }),
  ]);
  return (
    <Stack gap="lg" maw={640}>
      <Title order={2}>{t('manageTitle')}</Title>
      <CheckinSetup
        locale={locale}
        staff={staff.map((s) => ({ userId: s.userId, name: s.name, email: s.email }))}
        fees={fees.map((f) => ({ feeId: f.feeId, title: f.title, enabled: Boolean(f.enabled) }))}
        contactSearch={config.contactSearch}
      />
    </Stack>
  );
}
