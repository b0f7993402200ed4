import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { EditRegistrant } from '@/components/registration/registrant-form';
import { ReissueTicketButton } from '@/components/tickets/reissue-ticket-button';
import { ButtonLink } from '@/components/ui/button-link';
import { requirePage } from '@/lib/auth/require-page';
import { formatMoney } from '@/lib/fees/money';
import { localized } from '@/lib/i18n/localized';
import { describeAnswers } from '@/lib/registration/describe-answers';
import { originalFileNames } from '@/lib/registration/uploads';
import { AnswerList } from '@/components/registration/answer-list';
import { loadCountryOptions, loadFields } from '@/lib/registration/field-config';
import { findRegistrant } from '@/lib/registration/registrants';
import { parseId } from '@/lib/validation/primitives';
import { conferenceFormatter } from '@/lib/i18n/format';
import { findTicketHolder } from '@/lib/tickets/holder';
import { liveTicket } from '@/lib/tickets/issue-ticket';
import { payStatusLabel } from '@/lib/orders/pay-status';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('manageUser');
  return { title: t('answers') };
}

/** One registrant: the account, the registration number and time, the answers, and their correction. */
export default async function ManageUserDetailsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { db, conference, locale } = await requirePage('/platform/manage/userDetails');
  const raw = (await searchParams).id;
  const id = parseId(raw);
  const [t, to, tb, registrant, countryOptions] = await Promise.all([
    getTranslations('manageUser'),
    getTranslations('onsiteDocs'),
    getTranslations('orders'),
    id !== null ? findRegistrant(db, { conferenceId: conference.id, registrationId: id }) : Promise.resolve(null),
    loadCountryOptions(db, conference.id),
  ]);
  if (!registrant) {
    return (
      <Stack gap="md">
        <Text data-testid="registrant-missing">{t('empty')}</Text>
        <ButtonLink href="/platform/manage/user" variant="light">
          {t('backToList')}
        </ButtonLink>
      </Stack>
    );
  }
  // The form of the version the registrant registered under.
  const fields = await loadFields(db, conference.id, registrant.version);
  const fileNames = await originalFileNames(db, conference.id, fields, [registrant.answers]);
  const answers = describeAnswers(fields, registrant.answers, locale, fileNames);
  const format = conferenceFormatter(locale, conference.timeZone);
  const scope = { conferenceId: conference.id, registrationId: registrant.id };
  const [tt, holder, ticket] = await Promise.all([getTranslations('ticketAdmin'), findTicketHolder(db, scope), liveTicket(db, scope)]);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3} data-testid="registrant-title">
          {t('detailsTitle', { code: registrant.code })}
        </Title>
        <Group gap="xs">
          <Button
            component="a"
            href={`/api/conference/platform/onsite/badges/pdf?registrationId=${registrant.id}&lang=${locale}`}
            download
            variant="light"
            data-testid="registrant-badge"
          >
            {to('badgeForOneTitle')}
          </Button>
          <ButtonLink href="/platform/manage/user" variant="subtle">
            {t('backToList')}
          </ButtonLink>
        </Group>
      </Group>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <div>
            <Text size="sm" c="dimmed">
              {t('colCode')}
            </Text>
            <Text>{registrant.code}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {t('account')}
            </Text>
            <Text>
              {registrant.name} · {registrant.email}
            </Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {t('colRegisteredAt')}
            </Text>
            <Text>{format.dateTime(registrant.createdAt, 'short')}</Text>
          </div>
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" data-testid="registrant-answers">
        <Title order={5} mb="sm">
          {t('answers')}
        </Title>
        <AnswerList answers={answers} />
      </Paper>
      <Paper withBorder p="md" data-testid="registrant-orders">
        <Title order={5} mb="sm">
          {t('colFees')}
        </Title>
        {registrant.orders.length === 0 && (
          <Text size="sm" c="dimmed">
            {tb('empty')}
          </Text>
        )}
        {registrant.orders.map((order, i) => (
          <Text key={i} size="sm">
            {tb(`type_${order.type === 'optional' ? 'optional' : 'registration'}`)}: {localized(order.item, locale)} × {order.quantity} ·{' '}
            {formatMoney(order.totalMinor, order.currency, locale)} · {payStatusLabel(tb, order.payStatus)}
          </Text>
        ))}
      </Paper>
      <Paper withBorder p="md" data-testid="registrant-ticket">
        <Title order={5} mb="sm">
          {tt('title')}
        </Title>
        <Stack gap="sm" align="flex-start">
          <Text size="sm" data-testid="registrant-ticket-state">
            {ticket
              ? tt('live', { generation: ticket.generation, issuedAt: format.dateTime(ticket.issuedAt, 'short') })
              : holder?.complete
                ? tt('notIssued')
                : tt('none')}
          </Text>
          {holder?.complete && <ReissueTicketButton registrationId={registrant.id} email={registrant.email} issued={ticket !== null} />}
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Title order={5} mb="sm">
          {t('editTitle')}
        </Title>
        <EditRegistrant
          id={registrant.id}
          answers={registrant.answers}
          fields={fields}
          countryOptions={countryOptions}
          fileNames={fileNames}
        />
      </Paper>
    </Stack>
  );
}
