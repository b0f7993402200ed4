'use client';

import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ZProfile } from '@/lib/accounts/schemas';
import { showApiError } from '@/components/ui/form-errors';
import { useApi, useFieldError } from '@/components/ui/use-api';
import { SubmitButton } from '@/components/ui/submit-button';
import { UnitAutocomplete } from '@/components/ui/unit-autocomplete';

type Values = z.input<typeof ZProfile>;
const FIELDS = ['lastName', 'middleName', 'firstName', 'phone', 'unit', 'countryArea', 'post', 'address'] as const;

export function ProfileForm({ initial }: { initial: Values }) {
  const t = useTranslations('profile');
  const tc = useTranslations('common');
  const api = useApi();
  const router = useRouter();
  const fieldError = useFieldError();
  const form = useForm<Values>({ resolver: zodResolver(ZProfile), defaultValues: initial });

  const submit = form.handleSubmit(async (values) => {
    try {
      await api('/base/user/info', { method: 'PUT', body: values });
      notifications.show({ color: 'green', message: t('savedNotice') });
      router.push('/profile/userInfo');
      router.refresh();
    } catch (error) {
      showApiError(error, form.setError);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="profile-form">
      <Stack gap="md">
        <TextInput label={t('name')} required error={fieldError(form.formState.errors.name)} {...form.register('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FIELDS.map((field) =>
            field === 'unit' ? (
              <Controller
                key={field}
                control={form.control}
                name="unit"
                render={({ field: f }) => (
                  <UnitAutocomplete
                    label={t('unit')}
                    name={f.name}
                    value={f.value ?? ''}
                    onChange={f.onChange}
                    onBlur={f.onBlur}
                    error={fieldError(form.formState.errors.unit)}
                    testId="profile-unit-input"
                  />
                )}
              />
            ) : (
              <TextInput key={field} label={t(field)} error={fieldError(form.formState.errors[field])} {...form.register(field)} />
            ),
          )}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => router.push('/profile/userInfo')}>
            {tc('cancel')}
          </Button>
          <SubmitButton loading={form.formState.isSubmitting}>{tc('save')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
