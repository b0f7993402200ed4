import { Paper, Stack, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BasicConfigForm } from '@/components/registration/basic-config-form';
import { FeeManager } from '@/components/fees/fee-manager';
import { FieldDesigner } from '@/components/registration/field-designer';
import { requirePage } from '@/lib/auth/require-page';
import { listFees } from '@/lib/fees/fee-config';
import { findBasicConfig } from '@/lib/registration/basic-config';
import { loadCountryOptions, loadFields } from '@/lib/registration/field-config';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('registerConfig');
  return { title: t('title') };
}

/** Organisers configure registration: the basics, and the form participants fill in. */
export default async function RegisterConfigPage() {
  const { db, conference, roles } = await requirePage('/platform/config/register');
  const [t, basic, fields, countryOptions, fees] = await Promise.all([
    getTranslations('registerConfig'),
    findBasicConfig(db, conference.id),
    loadFields(db, conference.id),
    loadCountryOptions(db, conference.id),
    listFees(db, conference.id),
  ]);
  if (!roles.manager && !roles.platformAdmin) return null;
  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Title order={4} mb="sm">{t('basicTitle')}</Title>
        <BasicConfigForm initial={basic} />
      </Paper>
      <FieldDesigner fields={fields} countryOptions={countryOptions} />
      <FeeManager fees={fees} charged={basic.costsSet} />
    </Stack>
  );
}
