'use client';

import { ActionIcon, Badge, Button, Grid, GridCol, Group, Paper, Switch, Table, Tabs, Text, Title } from '@mantine/core';
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
        <Paper withBorder p="md">
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
          <Table striped data-testid="field-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('colLabel')}</Table.Th>
                <Table.Th>{t('colType')}</Table.Th>
                <Table.Th>{t('colEnabled')}</Table.Th>
                <Table.Th>{t('colRequired')}</Table.Th>
                <Table.Th>{t('colActions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((field, index) => {
                const locked = LOCKED_KEYS.includes(field.key);
                const switches = (next: { enabled: boolean; required: boolean }) =>
                  field.kind === 'common'
                    ? call('/conference/conferenceRegUserConfig/saveOptions', { body: { common: true, key: field.key, version, ...next } })
                    : call('/conference/conferenceRegUserConfig/saveOptions', {
                        body: { key: field.key, type: field.type, label: field.label, options: field.options, version, ...next },
                      });
                return (
                  <Table.Tr key={field.key} data-field-row={field.key}>
                    <Table.Td>
                      <Text size="sm">{localized(field.label, locale)}</Text>
                      <Badge size="xs" variant="light" color={field.kind === 'common' ? 'gray' : 'indigo'}>
                        {field.kind === 'common' ? t('common') : t('custom')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{t.has(`type_${field.type}`) ? t(`type_${field.type}`) : field.type}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        checked={field.enabled}
                        disabled={locked}
                        onChange={(e) => switches({ enabled: e.currentTarget.checked, required: field.required })}
                        aria-label={t('colEnabled')}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        checked={field.required}
                        disabled={locked || !field.enabled}
                        onChange={(e) => switches({ enabled: field.enabled, required: e.currentTarget.checked })}
                        aria-label={t('colRequired')}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
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
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
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
