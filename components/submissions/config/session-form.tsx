'use client';

import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { Controller, useForm } from 'react-hook-form';
import { ZSessionInput, type SessionInput } from '@/lib/submissions/config-schemas';
import type { FlatSession } from '@/lib/submissions/session-tree';
import { sessionPathLabel } from '@/lib/submissions/session-tree';
import { showApiError } from '@/components/ui/form-errors';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApi, useAppLocale, useFieldError } from '@/components/ui/use-api';

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
  const api = useApi();
  const locale = useAppLocale();
  const fieldError = useFieldError();
  const form = useForm<SessionInput>({ resolver: zodResolver(ZSessionInput) as never, defaultValues: initial });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      if (initial.id) {
        const { name, prefix, parentId = null } = values;
        await api(`${BASE}/${initial.id}`, { method: 'PUT', body: { name, prefix } });
        if (parentId !== (initial.parentId ?? null)) await api(`${BASE}/${initial.id}/move`, { body: { parentId, position: 9999 } });
      } else {
        await api(BASE, { body: values });
      }
      notifications.show({ color: 'green', message: t('sessionSaved') });
      onSaved();
    } catch (error) {
      showApiError(error, form.setError);
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="session-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('sessionNameZh')}
            required
            error={fieldError(errors.name?.zh)}
            data-testid="session-name-zh"
            {...form.register('name.zh')}
          />
          <TextInput
            label={t('sessionNameEn')}
            required
            error={fieldError(errors.name?.en)}
            data-testid="session-name-en"
            {...form.register('name.en')}
          />
        </SimpleGrid>
        <TextInput
          label={t('sessionPrefix')}
          description={t('sessionPrefixHint')}
          error={fieldError(errors.prefix)}
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
              error={fieldError(errors.parentId)}
              data-testid="session-parent"
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tc('cancel')}
          </Button>
          <SubmitButton loading={form.formState.isSubmitting} data-testid="save-session">
            {t('saveSession')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
