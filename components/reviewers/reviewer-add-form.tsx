'use client';

import { Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import type { z } from 'zod';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/components/ui/use-api-form';
import { ZAddReviewer } from '@/lib/reviewers/schemas';

type Values = z.input<typeof ZAddReviewer>;
const EMPTY: Values = { email: '', lastName: '', middleName: '', firstName: '', fullName: '', organization: '', phone: '' };

/** Invites one reviewer by email (POST review); the names are optional. */
export function ReviewerAddForm() {
  const t = useTranslations('reviewers');
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZAddReviewer,
    defaultValues: EMPTY,
    call: { path: '/conference/platform/manage/review' },
    success: t('added'),
    onSuccess: () => {
      form.reset(EMPTY);
    },
    refresh: true,
  });
  const text = (name: keyof Values, label: string, extra: { required?: boolean; type?: string; autoComplete?: string } = {}) => (
    <TextInput label={label} error={fieldError(name)} data-testid={`reviewer-add-${name}`} {...extra} {...form.register(name)} />
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
            <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid="reviewer-add-submit">
              {t('addButton')}
            </SubmitButton>
          </div>
        </Stack>
      </form>
    </Paper>
  );
}
