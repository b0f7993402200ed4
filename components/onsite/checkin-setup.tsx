'use client';

import { Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiAction } from '@/components/ui/use-api';
import { useApiForm } from '@/components/ui/use-api-form';
import { localized, type Locale, type LocalizedText } from '@/lib/i18n/localized';
import { ZCheckinStaffGrant } from '@/lib/onsite/schemas';

type Staff = { userId: string; name: string; email: string };
type Fee = { feeId: number; title: LocalizedText; enabled: boolean };

/**
 * Grants and revokes the check-in staff role by email, turns the door's contact search on or off, and marks which
 * optional fees need check-in.
 */
export function CheckinSetup({
  staff,
  fees,
  contactSearch,
  locale,
}: {
  staff: Staff[];
  fees: Fee[];
  contactSearch: boolean;
  locale: Locale;
}) {
  const t = useTranslations('checkin');
  const { run, busy } = useApiAction();
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZCheckinStaffGrant,
    defaultValues: { email: '' },
    call: { path: '/conference/manage/checkin/staff' },
    success: t('staffGranted'),
    onSuccess: () => {
      form.reset({ email: '' });
    },
    refresh: true,
  });
  return (
    <>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={4}>{t('staffTitle')}</Title>
          <Text size="sm">{t('staffHint')}</Text>
          <form onSubmit={submit} noValidate data-testid="checkin-staff-form">
            <Group align="flex-end" gap="xs">
              <TextInput
                style={{ flex: 1, minWidth: 200 }}
                label={t('staffEmail')}
                type="email"
                required
                autoComplete="off"
                error={fieldError('email')}
                data-testid="checkin-staff-email"
                {...form.register('email')}
              />
              <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid="checkin-staff-grant">
                {t('staffGrant')}
              </SubmitButton>
            </Group>
          </form>
          {staff.length === 0 && <Text c="dimmed">{t('staffNone')}</Text>}
          {staff.map((s) => (
            <Group key={s.userId} justify="space-between" wrap="nowrap" data-testid="checkin-staff-row">
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>{s.name}</Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {s.email}
                </Text>
              </div>
              <Button
                variant="default"
                color="red"
                loading={busy}
                onClick={() =>
                  void run('/conference/manage/checkin/staff/revoke', { body: { userId: s.userId } }, t('staffRevoked'), {
                    confirm: { message: t('staffRevokeConfirm', { email: s.email }) },
                  })
                }
                data-testid="checkin-staff-revoke"
              >
                {t('staffRevoke')}
              </Button>
            </Group>
          ))}
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={4}>{t('contactSearchTitle')}</Title>
          <Switch
            label={t('contactSearch')}
            description={t('contactSearchHint')}
            checked={contactSearch}
            disabled={busy}
            onChange={(e) =>
              void run('/conference/manage/checkin/config', { body: { contactSearch: e.currentTarget.checked } }, t('listsSaved'))
            }
            data-testid="checkin-contact-search"
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={4}>{t('listsTitle')}</Title>
          <Text size="sm">{t('listsHint')}</Text>
          {fees.length === 0 && <Text c="dimmed">{t('noOptionalFees')}</Text>}
          {fees.map((f) => (
            <Switch
              key={f.feeId}
              label={localized(f.title, locale)}
              checked={f.enabled}
              disabled={busy}
              onChange={(e) =>
                void run(
                  '/conference/manage/checkin/fee-lists',
                  { body: { feeId: f.feeId, enabled: e.currentTarget.checked } },
                  t('listsSaved'),
                )
              }
              data-testid="checkin-fee-switch"
            />
          ))}
        </Stack>
      </Paper>
    </>
  );
}
