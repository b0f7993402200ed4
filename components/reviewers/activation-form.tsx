'use client';

import { Alert, Button, Group, Modal, NativeSelect, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ApiError } from '@/components/ui/api-client';
import { showApiError } from '@/components/ui/form-errors';
import { SubmitButton } from '@/components/ui/submit-button';
import { UnitAutocomplete } from '@/components/ui/unit-autocomplete';
import { useApi, useAppLocale, useFieldError } from '@/components/ui/use-api';
import { countryName, COUNTRY_CODES } from '@/lib/registration/countries';
import { activationFormSchema, type ActivationFormValues } from '@/lib/reviewers/schemas';
import type { Invitation } from '@/lib/reviewers/activate';
import { InvitationUsed } from './invitation-used';

type Pending = Extract<Invitation, { state: 'pending' }>;

/**
 * The reviewer activation form (spec §2 /review/active/:key, §5): the email read-only, a password
 * only for people without an account, then the profile; a confirmation comes before it is sent.
 */
export function ActivationForm({ invitation, activationKey }: { invitation: Pending; activationKey: string }) {
  const t = useTranslations('reviewers');
  const api = useApi();
  const locale = useAppLocale();
  const fieldError = useFieldError();
  const [confirming, setConfirming] = useState<ActivationFormValues | null>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<'done' | 'used' | null>(null);
  const schema = useMemo(() => activationFormSchema(invitation.needsPassword), [invitation.needsPassword]);
  const form = useForm<ActivationFormValues>({
    resolver: zodResolver(schema) as never,
    defaultValues: {
      password: '',
      confirmPassword: '',
      lastName: invitation.lastName,
      middleName: invitation.middleName,
      firstName: invitation.firstName,
      fullName: invitation.fullName,
      organization: invitation.organization,
      phone: invitation.phone,
      countryArea: '',
      direction: '',
    },
  });
  const countries = useMemo(
    () =>
      COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, locale) })).sort((a, b) =>
        a.value === 'OTHER' ? 1 : b.value === 'OTHER' ? -1 : a.label.localeCompare(b.label, locale === 'zh' ? 'zh-CN' : 'en'),
      ),
    [locale],
  );

  const send = async () => {
    if (!confirming) return;
    setSending(true);
    try {
      await api('/conference/platform/manage/review/active', { body: { ...confirming, key: activationKey } });
      setOutcome('done');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVITATION_USED') setOutcome('used');
      else if (error instanceof ApiError && error.status === 400) showApiError(error, form.setError);
      else notifications.show({ color: 'red', message: t('failed') });
    } finally {
      setSending(false);
      setConfirming(null);
    }
  };

  if (outcome === 'used') return <InvitationUsed />;
  if (outcome === 'done') {
    return (
      <Stack data-testid="activation-done">
        <Alert color="green" title={t('activatedTitle')}>
          {t('activatedText', { email: invitation.email })}
        </Alert>
        <InvitationUsed loginOnly />
      </Stack>
    );
  }

  const text = (name: Exclude<keyof ActivationFormValues, 'password' | 'confirmPassword' | 'countryArea'>, required = true) => (
    <TextInput
      label={t(name)}
      required={required}
      error={fieldError(form.formState.errors[name])}
      data-testid={`activation-${name}`}
      {...form.register(name)}
    />
  );
  return (
    <>
      <form onSubmit={form.handleSubmit((values) => setConfirming(values))} noValidate data-testid="activation-form">
        <Stack gap="sm">
          <TextInput label={t('email')} value={invitation.email} readOnly data-testid="activation-email" />
          <Text size="sm" c="dimmed">
            {invitation.needsPassword ? t('passwordHint') : t('accountHint')}
          </Text>
          {invitation.needsPassword && (
            <>
              <PasswordInput
                label={t('password')}
                required
                autoComplete="new-password"
                error={fieldError(form.formState.errors.password)}
                data-testid="activation-password"
                {...form.register('password')}
              />
              <PasswordInput
                label={t('confirmPassword')}
                required
                autoComplete="new-password"
                error={fieldError(form.formState.errors.confirmPassword)}
                data-testid="activation-confirmPassword"
                {...form.register('confirmPassword')}
              />
            </>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {text('lastName')}
            {text('middleName', false)}
            {text('firstName')}
          </SimpleGrid>
          {text('fullName')}
          <Controller
            control={form.control}
            name="organization"
            render={({ field }) => (
              <UnitAutocomplete
                label={t('organization')}
                required
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldError(form.formState.errors.organization)}
                testId="activation-organization"
              />
            )}
          />
          {text('phone')}
          <NativeSelect
            label={t('country')}
            required
            data={[{ value: '', label: t('countryPlaceholder') }, ...countries]}
            error={fieldError(form.formState.errors.countryArea)}
            data-testid="activation-countryArea"
            {...form.register('countryArea')}
          />
          {text('direction')}
          <SubmitButton loading={sending} fullWidth data-testid="activation-submit">
            {t('activateButton')}
          </SubmitButton>
        </Stack>
      </form>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={t('confirmTitle')} centered>
        <Stack>
          <Text>{t('confirmText', { email: invitation.email })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)} disabled={sending}>
              {t('cancel')}
            </Button>
            <Button onClick={send} loading={sending} data-testid="activation-confirm">
              {t('confirmOk')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
