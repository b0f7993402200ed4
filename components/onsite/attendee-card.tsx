'use client';

import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { StatusBadge } from '@/components/ui/status-badge';
import { localized, type Locale } from '@/lib/i18n/localized';
import type { Attendee } from '@/lib/onsite/attendee';

/** A clock time in the conference's zone, HH:MM. */
export function clock(iso: string, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone,
  }).format(new Date(iso));
}

/**
 * One registrant at the door: name (and the account's name when it differs), registration number, organisation, the
 * email or phone a contact search matched, fee category, payment and the warnings (unpaid, cancelled, not on
 * this list, already checked in at HH:MM by whom); one tap checks in, one tap undoes.
 */
export function AttendeeCard({
  attendee,
  locale,
  timeZone,
  busy,
  checkedInHere = false,
  onCheckIn,
  onUndo,
  testId = 'checkin-attendee',
}: {
  attendee: Attendee;
  locale: Locale;
  timeZone: string;
  busy: boolean;
  /** This desk has just checked them in: said as done, not warned about as "already checked in". */
  checkedInHere?: boolean;
  onCheckIn: () => void;
  onUndo: () => void;
  testId?: string;
}) {
  const t = useTranslations('checkin');
  const warnings = [
    attendee.cancelled && t('warnCancelled'),
    !attendee.cancelled && attendee.payment === 'unpaid' && t('warnUnpaid'),
    !attendee.cancelled && attendee.payment !== 'unpaid' && !attendee.onList && t('warnNotOnList'),
    attendee.checkedIn &&
      !checkedInHere &&
      t('warnAlready', { time: clock(attendee.checkedIn.at, locale, timeZone), by: attendee.checkedIn.by ?? t('someone') }),
  ].filter((w): w is string => Boolean(w));
  return (
    <Paper withBorder p="md" data-testid={testId} data-registration={attendee.registrationId}>
      <Stack gap={6}>
        <Text fw={700} size="xl" data-testid="checkin-name">
          {attendee.name}
        </Text>
        {attendee.accountName && (
          <Text size="sm" data-testid="checkin-account-name">
            {attendee.accountName}
          </Text>
        )}
        <Text size="sm" data-testid="checkin-code">
          {t('code', { code: attendee.code })}
        </Text>
        {attendee.organisation && <Text size="sm">{attendee.organisation}</Text>}
        {attendee.contact?.email && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="checkin-contact">
            {t('contactEmail', { email: attendee.contact.email })}
          </Text>
        )}
        {attendee.contact?.phone && (
          <Text size="sm" data-testid="checkin-contact">
            {t('contactPhone', { phone: attendee.contact.phone })}
          </Text>
        )}
        <Group gap="xs">
          {attendee.feeCategory && <StatusBadge color="gray">{localized(attendee.feeCategory, locale)}</StatusBadge>}
          <StatusBadge color={attendee.payment === 'unpaid' ? 'red.8' : 'green.8'} data-testid="checkin-payment">
            {t(`payment.${attendee.payment}`)}
          </StatusBadge>
        </Group>
        {attendee.checkedIn && checkedInHere && (
          <Text c="green.8" fw={600} size="sm" role="status" data-testid="checkin-confirmed">
            {t('checkedInNow', { time: clock(attendee.checkedIn.at, locale, timeZone) })}
          </Text>
        )}
        {warnings.map((w) => (
          <Text key={w} c="red.8" fw={600} size="sm" role="status" data-testid="checkin-warning">
            {w}
          </Text>
        ))}
        {attendee.checkedIn ? (
          <Button size="lg" variant="default" fullWidth loading={busy} onClick={onUndo} data-testid="checkin-undo">
            {t('undo')}
          </Button>
        ) : (
          <Button
            size="lg"
            color="green.8"
            fullWidth
            loading={busy}
            disabled={!attendee.onList}
            onClick={onCheckIn}
            data-testid="checkin-do"
          >
            {t('checkIn')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
