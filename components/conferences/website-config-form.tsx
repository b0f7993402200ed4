'use client';

import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { timeZones } from '@/lib/i18n/format';
import { Controller, useFieldArray } from 'react-hook-form';
import { DISCIPLINES } from '@/lib/conferences/disciplines';
import { ZWebsiteConfig, type WebsiteConfigInput } from '@/lib/conferences/website-schemas';
import { localized } from '@/lib/i18n/localized';
import { BilingualInput } from '@/components/ui/bilingual-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAppLocale } from '@/components/ui/use-api';
import { useApiForm } from '@/components/ui/use-api-form';
import { StatusBadge } from '@/components/ui/status-badge';

type Pair = 'title' | 'title2' | 'title3' | 'shortTitle' | 'department' | 'city' | 'address';

/** The website config of spec §3: titles, department, discipline, dates, venue, language, domains, contacts, record number. */
export function WebsiteConfigForm({
  initial,
  domainStates,
  pages,
}: {
  initial: WebsiteConfigInput;
  /** Each saved domain with its approval state. */
  domainStates: { domain: string; status: 'pending' | 'approved' | 'rejected' }[];
  pages: { id: number; name: { zh: string; en: string }; published: boolean }[];
}) {
  const t = useTranslations('websiteConfig');
  const tc = useTranslations('console');
  const locale = useAppLocale();
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZWebsiteConfig,
    defaultValues: initial,
    call: { path: '/conference/platform/config/website/save' },
    success: t('saved'),
    refresh: true,
  });
  const zones = useMemo(() => timeZones(), []);
  const contacts = useFieldArray({ control: form.control, name: 'contacts' });
  const errors = form.formState.errors;
  const pair = (name: Pair, required = false) => (
    <BilingualInput control={form.control} name={name} label={{ zh: t(`${name}Zh`), en: t(`${name}En`) }} required={required} />
  );
  return (
    <form onSubmit={submit} noValidate data-testid="website-config-form">
      <Stack gap="md">
        <Paper withBorder p="md">
          <Title order={4} mb="sm">
            {t('basics')}
          </Title>
          <Stack gap="sm" mb="sm">
            {pair('title', true)}
            {pair('title2')}
            {pair('title3')}
            {pair('shortTitle', true)}
            {pair('department')}
            {pair('city')}
            {pair('address')}
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={form.control}
              name="discipline"
              render={({ field }) => (
                <Select
                  label={t('discipline')}
                  clearable
                  data={DISCIPLINES.map((d) => ({ value: d.code, label: d[locale] }))}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  data-testid="discipline"
                />
              )}
            />
            <Controller
              control={form.control}
              name="languageType"
              render={({ field }) => (
                <Select
                  label={t('languageType')}
                  data={[1, 2, 3].map((v) => ({ value: String(v), label: tc(`language${v as 1 | 2 | 3}`) }))}
                  value={String(field.value)}
                  onChange={(v) => field.onChange(Number(v ?? 3))}
                  allowDeselect={false}
                />
              )}
            />
            <Controller
              control={form.control}
              name="timeZone"
              render={({ field }) => (
                <Select
                  label={t('timeZone')}
                  description={t('timeZoneHint')}
                  searchable
                  data={zones}
                  value={field.value ?? null}
                  onChange={(v) => field.onChange(v ?? '')}
                  allowDeselect={false}
                  error={fieldError('timeZone')}
                  data-testid="time-zone"
                />
              )}
            />
            <TextInput type="date" label={t('startDate')} error={fieldError('startDate')} {...form.register('startDate')} />
            <TextInput type="date" label={t('endDate')} error={fieldError('endDate')} {...form.register('endDate')} />
            <TextInput
              label={t('recordNumber')}
              description={t('recordNumberHint')}
              error={fieldError('recordNumber')}
              {...form.register('recordNumber')}
            />
            <Controller
              control={form.control}
              name="homePageId"
              render={({ field }) => (
                <Select
                  label={t('homePage')}
                  description={t('homePageHint')}
                  clearable
                  placeholder={t('homePageNone')}
                  data={pages.map((p) => ({
                    value: String(p.id),
                    label: p.published ? localized(p.name, locale) : `${localized(p.name, locale)} (${t('homePageDraft')})`,
                  }))}
                  value={field.value ? String(field.value) : null}
                  onChange={(v) => field.onChange(v ? Number(v) : null)}
                  error={fieldError('homePageId')}
                  data-testid="home-page"
                />
              )}
            />
            <Controller
              control={form.control}
              name="domains"
              render={({ field }) => (
                <Textarea
                  label={t('domains')}
                  description={t('domainsHint')}
                  autosize
                  minRows={2}
                  value={(field.value ?? []).join('\n')}
                  onChange={(e) =>
                    field.onChange(
                      e.currentTarget.value
                        .split('\n')
                        .map((d) => d.trim())
                        .filter(Boolean),
                    )
                  }
                  error={fieldError(Array.isArray(errors.domains) ? errors.domains.find(Boolean) : errors.domains)}
                  data-testid="domains"
                />
              )}
            />
            {domainStates.length > 0 && (
              <Stack gap={4} data-testid="domain-states">
                {domainStates.map((d) => (
                  <Group key={d.domain} gap="xs" data-domain={d.domain}>
                    <Text size="sm">{d.domain}</Text>
                    <StatusBadge size="sm" variant="light" color={{ pending: 'yellow', approved: 'green', rejected: 'red' }[d.status]}>
                      {t(`domain_${d.status}`)}
                    </StatusBadge>
                  </Group>
                ))}
              </Stack>
            )}
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md" data-testid="contacts">
          <Group justify="space-between" mb="sm">
            <Title order={4}>{t('contacts')}</Title>
            <Button
              size="xs"
              variant="light"
              disabled={contacts.fields.length >= 5}
              onClick={() => contacts.append({ name: { zh: '', en: '' }, phone: '', email: '' })}
              data-testid="add-contact"
            >
              {t('addContact')}
            </Button>
          </Group>
          <Stack gap="xs">
            {contacts.fields.map((item, index) => (
              <Stack key={item.id} gap="xs">
                <BilingualInput
                  control={form.control}
                  name={`contacts.${index}.name`}
                  label={{ zh: t('contactNameZh'), en: t('contactNameEn') }}
                  required
                />
                <Group align="flex-start" grow wrap="wrap">
                  <TextInput
                    label={t('contactPhone')}
                    error={fieldError(`contacts.${index}.phone`)}
                    {...form.register(`contacts.${index}.phone`)}
                  />
                  <TextInput
                    label={t('contactEmail')}
                    error={fieldError(`contacts.${index}.email`)}
                    {...form.register(`contacts.${index}.email`)}
                  />
                  <Button mt={24} size="xs" variant="subtle" color="red" style={{ flexGrow: 0 }} onClick={() => contacts.remove(index)}>
                    {t('remove')}
                  </Button>
                </Group>
              </Stack>
            ))}
          </Stack>
        </Paper>
        <Group justify="flex-end">
          <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid="save-website">
            {t('save')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
