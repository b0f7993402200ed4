'use client';

import { Alert, Button, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { CodeField } from '@/components/ui/code-field';
import { ApiError } from '@/components/ui/api-client';
import { showApiError } from '@/components/ui/form-errors';
import { SubmitButton } from '@/components/ui/submit-button';
import { UnitAutocomplete } from '@/components/ui/unit-autocomplete';
import { useApi } from '@/components/ui/use-api';
import { useApiForm } from '@/components/ui/use-api-form';
import { activationFormSchema, type ActivationFormValues, type ActivationStep } from '@/lib/reviewers/schemas';
import type { Invitation } from '@/lib/reviewers/activate';
import { useRouter } from '@/lib/i18n/navigation';
import { PasswordFields } from '@/components/accounts/password-fields';
import { InvitationUsed } from './invitation-used';

/** An invitation the visitor may activate now (not one that needs signing in first). */
type Pending = Omit<Extract<Invitation, { state: 'pending' }>, 'step'> & { step: Exclude<ActivationStep, 'signInFirst'> };

/** What a sent activation came to: done (with where the server lands the reviewer, signed in), or the invitation already used; null when it was refused. */
type Outcome = { next: string } | 'used' | null;

/**
 * The reviewer activation form (spec §2 /review/active/:key, §5): the email read-only; for a new
 * account a password and the sign-up code emailed to the invitation's address (the platform proves
 * the address, not the key); signed in as the invited account, only the profile. A confirmation
 * comes before it is sent.
 */
export function ActivationForm({
  invitation,
  activationKey,
  countries,
}: {
  invitation: Pending;
  activationKey: string;
  /** The country choices in the page's language, named and sorted on the server (lib/registration/countries countryChoices). */
  countries: { value: string; label: string }[];
}) {
  const t = useTranslations('reviewers');
  const ta = useTranslations('auth');
  const newAccount = invitation.step === 'newAccount';
  const api = useApi();
  const router = useRouter();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const schema = useMemo(() => activationFormSchema(invitation.step), [invitation.step]);
  // The form checks, asks for a confirmation in the app's dialog, then sends. A refused field (the
  // password, the code…) stays on its input; what belongs to no field shows above the button.
  const { form, submit, fieldError, formError } = useApiForm({
    schema,
    confirm: { title: t('confirmTitle'), message: t('confirmText', { email: invitation.email }), confirmLabel: t('confirmOk') },
    call: { path: '/conference/platform/manage/review/active', body: (values) => ({ ...values, key: activationKey }) },
    onSuccess: (answer: { next: string }) => {
      setOutcome({ next: answer.next });
      window.location.assign(answer.next);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'INVITATION_USED') {
        setOutcome('used');
        return true;
      }
      // An account has this email now (or the session ended): the page asks to sign in as it.
      if (error instanceof ApiError && error.code === 'INVITATION_SIGN_IN') router.refresh();
    },
    defaultValues: {
      password: '',
      confirmPassword: '',
      code: '',
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
  const sending = form.formState.isSubmitting;

  /** Mails the sign-up code to the invitation's address (the public code call, through the platform's SMTP). */
  const sendCode = async () => {
    try {
      const result = await api<{ expiresInSeconds: number }>('/conference/conferenceRegUserConfig/sendEmailCode', {
        body: { data: { email: invitation.email, type: 'registerCode' } },
      });
      notifications.show({
        color: 'green',
        message: ta('codeSent', { email: invitation.email, minutes: Math.round(result.expiresInSeconds / 60) }),
      });
      return true;
    } catch (error) {
      showApiError(error, form.setError, { 'data.email': 'code' });
      return false;
    }
  };

  if (outcome === 'used') return <InvitationUsed />;
  if (outcome) {
    return (
      <Stack data-testid="activation-done">
        <Alert color="green" title={t('activatedTitle')}>
          {t('activatedSignedIn', { email: invitation.email })}
        </Alert>
        <Button component="a" href={outcome.next} data-testid="activation-review-area">
          {t('goReviewArea')}
        </Button>
      </Stack>
    );
  }

  const text = (name: Exclude<keyof ActivationFormValues, 'password' | 'confirmPassword' | 'code' | 'countryArea'>, required = true) => (
    <TextInput label={t(name)} required={required} error={fieldError(name)} data-testid={`activation-${name}`} {...form.register(name)} />
  );
  return (
    <>
      <form onSubmit={submit} noValidate data-testid="activation-form">
        <Stack gap="sm">
          <TextInput label={t('email')} value={invitation.email} readOnly data-testid="activation-email" />
          <Text size="sm" c="dimmed">
            {newAccount ? t('passwordHint') : t('accountHint', { email: invitation.email })}
          </Text>
          {newAccount && (
            <>
              <CodeField
                label={t('code')}
                error={fieldError('code')}
                data-testid="activation-code"
                onSend={sendCode}
                {...form.register('code')}
              />
              <PasswordFields
                form={form}
                label={t('password')}
                identity={() => ({ email: invitation.email, name: form.getValues('fullName') })}
                testIdPrefix="activation"
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
                error={fieldError('organization')}
                testId="activation-organization"
              />
            )}
          />
          {text('phone')}
          <NativeSelect
            label={t('country')}
            required
            data={[{ value: '', label: t('countryPlaceholder') }, ...countries]}
            error={fieldError('countryArea')}
            data-testid="activation-countryArea"
            {...form.register('countryArea')}
          />
          {text('direction')}
          <SubmitButton loading={sending} fullWidth error={formError} data-testid="activation-submit">
            {t('activateButton')}
          </SubmitButton>
        </Stack>
      </form>
    </>
  );
}
