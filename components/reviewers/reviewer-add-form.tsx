'use client';

import { Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { showApiError } from '@/components/ui/form-errors';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApi, useFieldError } from '@/components/ui/use-api';
import { useRouter } from '@/lib/i18n/navigation';
import { ZAddReviewer } from '@/lib/reviewers/schemas';

type Values = z.input<typeof ZAddReviewer>;
const EMPTY: Values = { email: '', lastName: '', middleName: '', firstName: '', fullName: '', organization: '', phone: '' };

/** Invites one reviewer by email (POST review); the names are optional. */
export function ReviewerAddForm() {
  const t = useTranslations('reviewers');
  const api = useApi();
  const router = useRouter();
  const fieldError = useFieldError();
  const form = useForm<Values, unknown, z.output<typeof ZAddReviewer>>({ resolver: zodResolver(ZAddReviewer), defaultValues: EMPTY });
  const submit = form.handleSubmit(async (values) => {
    try {
      await api('/conference/platform/manage/review', { body: values });
      notifications.show({ color: 'green', message: t('added') });
      form.reset(EMPTY);
      router.refresh();
    } catch (error) {
      showApiError(error, form.setError);
    }
  });
  const text = (name: keyof Values, label: string, extra: { required?: boolean; type?: string; autoComplete?: string } = {}) => (
    <TextInput
      label={label}
      error={fieldError(form.formState.errors[name])}
      data-testid={`reviewer-add-${name}`}
      {...extra}
      {...form.register(name)}
    />
  );
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate data-testid="reviewer-add-form">
        <Stack gap="sm">
          <Title order={4}>{t('addTitle')}</Title>
          <Text size="sm" c="dimmed">
            {t('addHint')}
          </Text>
          {text('email', t('email'), { required: true, type: 'email', autoComplete: 'off' })}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {text('lastName', t('lastName'))}
            {text('firstName', t('firstName'))}
            {text('fullName', t('fullName'))}
            {text('organization', t('organization'))}
          </SimpleGrid>
          <div>
            <SubmitButton loading={form.formState.isSubmitting} data-testid="reviewer-add-submit">
              {t('addButton')}
            </SubmitButton>
          </div>
        </Stack>
      </form>
    </Paper>
  );
}
