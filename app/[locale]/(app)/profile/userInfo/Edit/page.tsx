import { Paper, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ProfileForm } from '@/components/accounts/profile-form';
import { findProfile } from '@/lib/accounts/queries';
import { requirePage } from '@/lib/auth/require-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('profile');
  return { title: t('editTitle') };
}

export default async function UserInfoEditPage() {
  const { db, user } = await requirePage('/profile/userInfo/Edit');
  const [t, found] = await Promise.all([getTranslations('profile'), findProfile(db, user.id)]);
  const p = found?.profile;
  return (
    <Paper withBorder p="xl">
      <Title order={3} mb="md">
        {t('editTitle')}
      </Title>
      <ProfileForm
        initial={{
          name: found?.user.name ?? '',
          firstName: p?.firstName ?? '',
          middleName: p?.middleName ?? '',
          lastName: p?.lastName ?? '',
          phone: p?.phone ?? '',
          unit: p?.unit ?? '',
          countryArea: p?.countryArea ?? '',
          post: p?.post ?? '',
          address: p?.address ?? '',
        }}
      />
    </Paper>
  );
}
