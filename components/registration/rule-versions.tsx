'use client';

import { Badge, Button, Group, Modal, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { localized } from '@/lib/i18n/localized';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { RULE_TYPES } from '@/lib/registration/rule-types';
import { ZRule, type Rule, type RuleInput } from '@/lib/registration/rule-versions-schema';
import { BilingualInput } from '@/components/ui/bilingual-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { DeleteAction } from '@/components/ui/delete-action';
import { ListTable } from '@/components/ui/list-table';
import { useApiAction, useAppLocale } from '@/components/ui/use-api';
import { useApiForm } from '@/components/ui/use-api-form';

type Listed = Rule & { active: boolean };

function RuleForm({ initial, isNew, onClose, onSaved }: { initial: RuleInput; isNew: boolean; onClose: () => void; onSaved: () => void }) {
  const t = useTranslations('registerConfig');
  const tc = useTranslations('common');
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZRule,
    values: initial,
    call: { path: '/conference/conferenceRegUserConfig/saveRules' },
    success: t('ruleSaved'),
    onSuccess: onSaved,
  });
  const toggle = (name: 'costsSet' | 'registerFlag', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Switch label={label} checked={Boolean(field.value)} onChange={(e) => field.onChange(e.currentTarget.checked)} />
      )}
    />
  );
  return (
    <form onSubmit={submit} noValidate data-testid="rule-form">
      <Stack gap="sm">
        <TextInput
          label={t('version')}
          description={t('versionHint')}
          required
          readOnly={!isNew}
          error={fieldError('version')}
          {...form.register('version')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput type="date" label={t('startDate')} required error={fieldError('startDate')} {...form.register('startDate')} />
          <TextInput type="date" label={t('endDate')} required error={fieldError('endDate')} {...form.register('endDate')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name="ruleType"
            render={({ field }) => (
              <Select
                label={t('ruleType')}
                data={RULE_TYPES.map((type) => ({ value: type, label: t(`rule_${type}`) }))}
                value={field.value}
                onChange={(v) => v && field.onChange(v)}
                allowDeselect={false}
              />
            )}
          />
          <TextInput
            label={t('codePrefix')}
            description={t('codePrefixHint')}
            error={fieldError('codePrefix')}
            {...form.register('codePrefix')}
          />
        </SimpleGrid>
        <Group>
          {toggle('costsSet', t('costsSet'))}
          {toggle('registerFlag', t('registerFlag'))}
        </Group>
        <Controller
          control={form.control}
          name="registerNum"
          render={({ field }) => (
            <NumberInput
              label={t('registerNum')}
              description={t('registerNumHint')}
              min={1}
              max={100000}
              allowDecimal={false}
              value={typeof field.value === 'number' ? field.value : ''}
              onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
              error={fieldError('registerNum')}
            />
          )}
        />
        <BilingualInput
          control={form.control}
          name="description"
          label={{ zh: t('descriptionZh'), en: t('descriptionEn') }}
          multiline={{ minRows: 2 }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tc('cancel')}
          </Button>
          <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid="rule-save">
            {tc('save')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

/** The registration rule versions: each with its window, type, fee setting and cap; one is in use. */
export function RuleVersions({ rules, designing }: { rules: Listed[]; designing: string }) {
  const t = useTranslations('registerConfig');
  const locale = useAppLocale();
  const router = useRouter();
  const [editing, setEditing] = useState<{ rule: RuleInput; isNew: boolean } | null>(null);
  const active = rules.find((r) => r.active);
  const { run: act } = useApiAction();
  const fresh = (): RuleInput => ({ ...(active ?? rules[0]), version: '', description: { zh: '', en: '' } });
  return (
    <Paper withBorder p="md" data-testid="rule-versions">
      <Group justify="space-between" mb="xs">
        <Title order={4}>{t('versionsTitle')}</Title>
        <Button size="xs" onClick={() => setEditing({ rule: fresh(), isNew: true })} data-testid="add-version">
          {t('addVersion')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('versionsHint')}
      </Text>
      <ListTable
        framed={false}
        minWidth={760}
        empty={null}
        head={[t('version'), t('window'), t('ruleType'), t('costsSet'), t('registerNum'), t('colActions')]}
        rows={rules.map((rule) => ({
          key: rule.version,
          attrs: { 'data-version-row': rule.version },
          cells: [
            <div key="version">
              <Group gap={4}>
                <Text size="sm" fw={500}>
                  {rule.version}
                </Text>
                {rule.active && (
                  <Badge size="xs" color="green" data-testid="version-in-use">
                    {t('inUse')}
                  </Badge>
                )}
                {rule.version === designing && (
                  <Badge size="xs" variant="outline">
                    {t('designing')}
                  </Badge>
                )}
              </Group>
              {localized(rule.description, locale) && (
                <Text size="xs" c="dimmed">
                  {localized(rule.description, locale)}
                </Text>
              )}
            </div>,
            <Text key="window" size="sm">
              {rule.startDate} – {rule.endDate}
            </Text>,
            <Text key="type" size="sm">
              {t(`rule_${rule.ruleType}`)}
            </Text>,
            <Text key="costs" size="sm">
              {rule.costsSet ? t('charged') : t('free')}
            </Text>,
            <Text key="cap" size="sm">
              {rule.registerFlag ? rule.registerNum : t('defaultCap')}
            </Text>,
            <Group key="actions" gap={4} wrap="nowrap">
              <Button size="compact-xs" variant="subtle" onClick={() => setEditing({ rule, isNew: false })} data-testid="edit-version">
                {t('editVersion')}
              </Button>
              <Button
                size="compact-xs"
                variant="subtle"
                component={Link}
                href={`/platform/config/register?version=${encodeURIComponent(rule.version)}`}
                data-testid="design-version"
              >
                {t('designForm')}
              </Button>
              {!rule.active && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => act('/conference/conferenceRegUserConfig/useRule', { body: { version: rule.version } }, t('versionUsed'))}
                  data-testid="use-version"
                >
                  {t('useVersion')}
                </Button>
              )}
              <DeleteAction
                path={`/conference/conferenceRegUserConfig/deleteRules?${new URLSearchParams({ version: rule.version })}`}
                label={t('delete')}
                confirm={t('confirmDeleteVersion')}
                done={t('versionDeleted')}
                testId="delete-version"
              />
            </Group>,
          ],
        }))}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.isNew ? t('addVersion') : t('editVersion')}
        size="lg"
      >
        {editing && (
          <RuleForm
            initial={editing.rule}
            isNew={editing.isNew}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              router.refresh();
            }}
          />
        )}
      </Modal>
    </Paper>
  );
}
