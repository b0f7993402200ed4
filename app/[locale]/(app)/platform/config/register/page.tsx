import { Paper, Stack, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BasicConfigForm } from '@/components/registration/basic-config-form';
import { FeeManager } from '@/components/fees/fee-manager';
import { FieldDesigner } from '@/components/registration/field-designer';
import { RuleVersions } from '@/components/registration/rule-versions';
import { requirePage } from '@/lib/auth/require-page';
import { listFees } from '@/lib/fees/fee-config';
import { findBasicConfig } from '@/lib/registration/basic-config';
import { loadCountryOptions, loadFields } from '@/lib/registration/field-config';
import { listRules } from '@/lib/registration/rule-versions';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('registerConfig');
  return { title: t('title') };
}

/** Organisers configure registration: the basics, and the form participants fill in. */
export default async function RegisterConfigPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { db, conference, roles } = await requirePage('/platform/config/register');
  const wanted = (await searchParams).version;
  const [t, basic, rules, countryOptions, fees] = await Promise.all([
    getTranslations('registerConfig'),
    findBasicConfig(db, conference.id),
    listRules(db, conference.id),
    loadCountryOptions(db, conference.id),
    listFees(db, conference.id),
  ]);
  // The form designed below: the version named in the address, or the one in use.
  const version = rules.find((r) => r.version === wanted)?.version ?? rules.find((r) => r.active)!.version;
  const fields = await loadFields(db, conference.id, version);
  if (!roles.manager && !roles.platformAdmin) return null;
  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Title order={4} mb="sm">
          {t('basicTitle')}
        </Title>
        <BasicConfigForm initial={basic} />
      </Paper>
      <RuleVersions rules={rules} designing={version} />
      <FieldDesigner key={version} fields={fields} countryOptions={countryOptions} version={version} />
      <FeeManager fees={fees} charged={basic.costsSet} />
    </Stack>
  );
}
