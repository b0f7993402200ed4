'use client';

import { Alert, Button, Group, Modal, NativeSelect, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { CodeField } from '@/components/ui/code-field';
import { ButtonLink } from '@/components/ui/button-link';
import { ApiError } from '@/components/ui/api-client';
import { showApiError } from '@/components/ui/form-errors';
import { SubmitButton } from '@/components/ui/submit-button';
import { UnitAutocomplete } from '@/components/ui/unit-autocomplete';
import { useApi } from '@/components/ui/use-api';
import { useApiForm } from '@/components/ui/use-api-form';
import { activationFormSchema, type ActivationFormValues, type ActivationStep } from '@/lib/reviewers/schemas';
import type { Invitation } from '@/lib/reviewers/activate';
import { useRouter } from '@/lib/i18n/navigation';
import { InvitationUsed } from './invitation-used';

/** An invitation the visitor may activate now (not one that needs signing in first). */
type Pending = Omit<Extract<Invitation, { state: 'pending' }>, 'step'> & { step: Exclude<ActivationStep, 'signInFirst'> };

const REVIEW_AREA = '/platform/submissionManage/user';
const CODE_ERRORS = new Set(['CODE_WRONG', 'CODE_EXPIRED']);
/** What a sent activation came to: done, or the invitation already used; null when it was refused. */
type Outcome = 'done' | 'used' | null;

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
  const [confirming, setConfirming] = useState<ActivationFormValues | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const schema = useMemo(() => activationFormSchema(invitation.step), [invitation.step]);
  // The form checks and asks for a confirmation; the confirmation's button sends.
  const {
    form,
    submit: send,
    fieldError,
  } = useApiForm({
    schema,
    call: async (values, api): Promise<Outcome> => {
      try {
        await api('/conference/platform/manage/review/active', { body: { ...values, key: activationKey } });
        return 'done';
      } catch (error) {
        if (!(error instanceof ApiError)) {
          notifications.show({ color: 'red', message: t('failed') });
          return null;
        }
        if (error.code === 'INVITATION_USED') return 'used';
        if (CODE_ERRORS.has(error.code)) {
          form.setError('code', { type: 'server', message: error.message });
          return null;
        }
        if (error.code === 'INVITATION_SIGN_IN') {
          // An account has this email now (or the session ended): the page asks to sign in as it.
          showApiError(error);
          router.refresh();
          return null;
        }
        // A refused field: on its input.
        if (error.status === 400) throw error;
        notifications.show({ color: 'red', message: t('failed') });
        return null;
      }
    },
    onSuccess: (sent) => {
      setConfirming(null);
      if (sent) setOutcome(sent);
    },
    onError: () => setConfirming(null),
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
  if (outcome === 'done') {
    return (
      <Stack data-testid="activation-done">
        <Alert color="green" title={t('activatedTitle')}>
          {newAccount ? t('activatedText', { email: invitation.email }) : t('activatedSignedIn', { email: invitation.email })}
        </Alert>
        {newAccount ? (
          <InvitationUsed loginOnly />
        ) : (
          <ButtonLink href={REVIEW_AREA} data-testid="activation-review-area">
            {t('goReviewArea')}
          </ButtonLink>
        )}
      </Stack>
    );
  }

  const text = (name: Exclude<keyof ActivationFormValues, 'password' | 'confirmPassword' | 'code' | 'countryArea'>, required = true) => (
    <TextInput label={t(name)} required={required} error={fieldError(name)} data-testid={`activation-${name}`} {...form.register(name)} />
  );
  return (
    <>
      <form onSubmit={form.handleSubmit((values) => setConfirming(values))} noValidate data-testid="activation-form">
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
              <PasswordInput
                label={t('password')}
                required
                autoComplete="new-password"
                error={fieldError('password')}
                data-testid="activation-password"
                {...form.register('password')}
              />
              <PasswordInput
                label={t('confirmPassword')}
                required
                autoComplete="new-password"
                error={fieldError('confirmPassword')}
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
            <Button onClick={() => void send()} loading={sending} data-testid="activation-confirm">
              {t('confirmOk')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
