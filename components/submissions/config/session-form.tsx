'use client';

import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { Controller } from 'react-hook-form';
import { ZSessionInput, type SessionInput } from '@/lib/submissions/config-schemas';
import type { FlatSession } from '@/lib/submissions/session-tree';
import { sessionPathLabel } from '@/lib/submissions/session-tree';
import { BilingualInput } from '@/components/ui/bilingual-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { useAppLocale } from '@/components/ui/use-api';
import { useApiForm } from '@/components/ui/use-api-form';

export type SessionDraft = SessionInput & { id?: number };

const BASE = '/conference/platform/config/contribute/session';

/**
 * Adds a session, or changes one: its names, prefix and parent. A new parent moves it (with its
 * sub-sessions) to the end of that parent's list.
 */
export function SessionForm({
  initial,
  parents,
  onSaved,
  onClose,
}: {
  initial: SessionDraft;
  /** The sessions it may be placed under. */
  parents: FlatSession[];
  onSaved: () => void;
  onClose: () => void;
}) {
  const t = useTranslations('contributeConfig');
  const tc = useTranslations('common');
  const locale = useAppLocale();
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZSessionInput,
    defaultValues: initial,
    call: async (values, api) => {
      if (initial.id) {
        const { name, prefix, parentId = null } = values;
        await api(`${BASE}/${initial.id}`, { method: 'PUT', body: { name, prefix } });
        if (parentId !== (initial.parentId ?? null)) await api(`${BASE}/${initial.id}/move`, { body: { parentId, position: 9999 } });
      } else {
        await api(BASE, { body: values });
      }
    },
    success: t('sessionSaved'),
    onSuccess: onSaved,
  });
  return (
    <form onSubmit={submit} noValidate data-testid="session-form">
      <Stack gap="sm">
        <BilingualInput
          control={form.control}
          name="name"
          label={{ zh: t('sessionNameZh'), en: t('sessionNameEn') }}
          required
          testId="session-name"
        />
        <TextInput
          label={t('sessionPrefix')}
          description={t('sessionPrefixHint')}
          error={fieldError('prefix')}
          data-testid="session-prefix"
          {...form.register('prefix')}
        />
        <Controller
          control={form.control}
          name="parentId"
          render={({ field }) => (
            <Select
              label={t('sessionParent')}
              clearable
              placeholder={t('topLevel')}
              data={parents.map((p) => ({ value: String(p.id), label: sessionPathLabel(p, locale) }))}
              value={field.value ? String(field.value) : null}
              onChange={(v) => field.onChange(v ? Number(v) : null)}
              error={fieldError('parentId')}
              data-testid="session-parent"
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tc('cancel')}
          </Button>
          <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid="save-session">
            {t('saveSession')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
