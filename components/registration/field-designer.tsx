'use client';

import { ActionIcon, Badge, Button, Grid, GridCol, Group, Paper, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { localized } from '@/lib/i18n/localized';
import { LOCKED_KEYS, type Answers, type AnswersInput, type FieldInput, type FormField } from '@/lib/registration/fields';
import { useApiAction, useAppLocale } from '@/components/ui/use-api';
import { DynamicFields, emptyAnswers } from './dynamic-fields';
import { FieldEditor } from './field-editor';

const NEW_FIELD: FieldInput = { type: 'input', label: { zh: '', en: '' }, options: [], required: false, enabled: true };

/** A read-only rendering of the form in one language, for the live preview. */
function Preview({ fields, countryOptions, formLocale }: { fields: FormField[]; countryOptions: string[]; formLocale: 'zh' | 'en' }) {
  const form = useForm<AnswersInput, unknown, Answers>({ values: emptyAnswers(fields) });
  return (
    <div data-testid={`preview-${formLocale}`}>
      <DynamicFields
        fields={fields}
        countryOptions={countryOptions}
        formLocale={formLocale}
        control={form.control}
        register={form.register}
        errors={{}}
      />
    </div>
  );
}

/** The registration form designer: common items' switches, custom items, order, and a zh/en preview. */
export function FieldDesigner({ fields, countryOptions, version }: { fields: FormField[]; countryOptions: string[]; version: string }) {
  const t = useTranslations('registerConfig');
  const locale = useAppLocale();
  const [editing, setEditing] = useState<FieldInput | null>(null);

  const { run: call } = useApiAction();

  return (
    <Grid gap="lg">
      <GridCol span={{ base: 12, lg: 7 }}>
        <Paper withBorder p="md" data-testid="field-card">
          <Group justify="space-between" mb="xs">
            <Title order={4}>
              {t('fieldsTitle')}{' '}
              <Badge variant="light" data-testid="designer-version">
                {version}
              </Badge>
            </Title>
            <Button size="xs" onClick={() => setEditing(NEW_FIELD)} data-testid="add-field">
              {t('addField')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed" mb="sm">
            {t('fieldsHint')}
          </Text>
          {/* Stacked rows that wrap, not a table: with custom items its actions no longer fit a card, least of all on a phone. */}
          <Stack gap={0} data-testid="field-table" role="list" aria-label={t('fieldsTitle')}>
            {fields.map((field, index) => {
              const locked = LOCKED_KEYS.includes(field.key);
              const switches = (next: { enabled: boolean; required: boolean }) =>
                field.kind === 'common'
                  ? call('/conference/conferenceRegUserConfig/saveOptions', { body: { common: true, key: field.key, version, ...next } })
                  : call('/conference/conferenceRegUserConfig/saveOptions', {
                      body: { key: field.key, type: field.type, label: field.label, options: field.options, version, ...next },
                    });
              return (
                <Group
                  key={field.key}
                  data-field-row={field.key}
                  role="listitem"
                  justify="space-between"
                  align="center"
                  gap="xs"
                  wrap="wrap"
                  py={6}
                  style={{ borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-default-border)' }}
                >
                  <Group gap={6} wrap="wrap" style={{ flex: '1 1 12rem', minWidth: 0 }}>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {localized(field.label, locale)}
                    </Text>
                    <Badge size="xs" variant="light" color={field.kind === 'common' ? 'gray' : 'indigo'}>
                      {field.kind === 'common' ? t('common') : t('custom')}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {t.has(`type_${field.type}`) ? t(`type_${field.type}`) : field.type}
                    </Text>
                  </Group>
                  <Group gap="xs" wrap="wrap" justify="flex-end">
                    <Switch
                      size="xs"
                      label={t('colEnabled')}
                      checked={field.enabled}
                      disabled={locked}
                      onChange={(e) => switches({ enabled: e.currentTarget.checked, required: field.required })}
                    />
                    <Switch
                      size="xs"
                      label={t('colRequired')}
                      checked={field.required}
                      disabled={locked || !field.enabled}
                      onChange={(e) => switches({ enabled: field.enabled, required: e.currentTarget.checked })}
                    />
                    <Group gap={4} wrap="wrap">
                      <ActionIcon
                        variant="subtle"
                        disabled={index === 0}
                        onClick={() =>
                          call('/conference/conferenceRegUserConfig/moveOptions', { body: { key: field.key, direction: 'up', version } })
                        }
                        aria-label={t('moveUp')}
                      >
                        ↑
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        disabled={index === fields.length - 1}
                        onClick={() =>
                          call('/conference/conferenceRegUserConfig/moveOptions', {
                            body: { key: field.key, direction: 'down', version },
                          })
                        }
                        aria-label={t('moveDown')}
                      >
                        ↓
                      </ActionIcon>
                      {field.kind === 'custom' && (
                        <>
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            onClick={() =>
                              setEditing({
                                key: field.key,
                                type: field.type as FieldInput['type'],
                                label: field.label,
                                options: field.options,
                                required: field.required,
                                enabled: field.enabled,
                              })
                            }
                          >
                            {t('editField')}
                          </Button>
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            onClick={() =>
                              call(
                                `/conference/conferenceRegUserConfig/deleteOptions?${new URLSearchParams({ id: field.key, version })}`,
                                { method: 'DELETE' },
                                t('fieldDeleted'),
                                { confirm: { message: t('confirmDelete'), color: 'red', confirmLabel: t('delete') } },
                              )
                            }
                          >
                            {t('delete')}
                          </Button>
                        </>
                      )}
                    </Group>
                  </Group>
                </Group>
              );
            })}
          </Stack>
        </Paper>
      </GridCol>
      <GridCol span={{ base: 12, lg: 5 }}>
        <Paper withBorder p="md">
          <Title order={4} mb="sm">
            {t('previewTitle')}
          </Title>
          <Tabs defaultValue="zh">
            <Tabs.List>
              <Tabs.Tab value="zh">{t('previewZh')}</Tabs.Tab>
              <Tabs.Tab value="en">{t('previewEn')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="zh" pt="sm">
              <Preview fields={fields} countryOptions={countryOptions} formLocale="zh" />
            </Tabs.Panel>
            <Tabs.Panel value="en" pt="sm">
              <Preview fields={fields} countryOptions={countryOptions} formLocale="en" />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </GridCol>
      <FieldEditor
        opened={editing !== null}
        initial={editing ?? NEW_FIELD}
        version={version}
        onClose={() => setEditing(null)}
        onSaved={() => setEditing(null)}
      />
    </Grid>
  );
}
