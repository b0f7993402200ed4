'use client';

import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { ZProfile } from '@/lib/accounts/schemas';
import { useApiForm } from '@/components/ui/use-api-form';
import { SubmitButton } from '@/components/ui/submit-button';
import { UnitAutocomplete } from '@/components/ui/unit-autocomplete';

type Values = z.input<typeof ZProfile>;
const FIELDS = ['lastName', 'middleName', 'firstName', 'phone', 'unit', 'countryArea', 'post', 'address'] as const;

export function ProfileForm({ initial }: { initial: Values }) {
  const t = useTranslations('profile');
  const tc = useTranslations('common');
  const router = useRouter();
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZProfile,
    defaultValues: initial,
    call: { method: 'PUT', path: '/base/user/info' },
    success: t('savedNotice'),
    onSuccess: () => router.push('/profile/userInfo'),
    refresh: true,
  });

  return (
    <form onSubmit={submit} noValidate data-testid="profile-form">
      <Stack gap="md">
        <TextInput label={t('name')} required error={fieldError('name')} {...form.register('name')} />
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
                    error={fieldError('unit')}
                    testId="profile-unit-input"
                  />
                )}
              />
            ) : (
              <TextInput key={field} label={t(field)} error={fieldError(field)} {...form.register(field)} />
            ),
          )}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => router.push('/profile/userInfo')}>
            {tc('cancel')}
          </Button>
          <SubmitButton error={formError} loading={form.formState.isSubmitting}>
            {tc('save')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
