import { Alert, Anchor, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BulkMailBar, BulkMailSelection, PageCheckbox, RegistrantCheckbox } from '@/components/mail/bulk-mail';
import { MailHistory } from '@/components/mail/mail-history';
import { AddRegistrant } from '@/components/registration/registrant-form';
import { AnchorLink, ButtonLink } from '@/components/ui/button-link';
import { ListPages } from '@/components/ui/list-pages';
import { ListTable } from '@/components/ui/list-table';
import { requirePage } from '@/lib/auth/require-page';
import { listFees } from '@/lib/fees/fee-config';
import { formatMoney } from '@/lib/fees/money';
import { localized } from '@/lib/i18n/localized';
import { loadCountryOptions, loadFields } from '@/lib/registration/field-config';
import { REGISTRANT_LIST, registrantListHref, registrantQueryFrom, registrantSearch } from '@/lib/registration/list-params';
import { listRegistrants } from '@/lib/registration/registrants';
import { conferenceFormatter } from '@/lib/i18n/format';
import { listCampaigns } from '@/lib/mail/campaigns';
import { payStatusLabel } from '@/lib/orders/pay-status';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('manageUser');
  return { title: t('title') };
}

/** The organisers' registrant list: search, registration-date filters, pages, export, add, and bulk mail with its history. */
export default async function ManageUserPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { db, conference, locale } = await requirePage(REGISTRANT_LIST);
  const query = registrantQueryFrom(await searchParams);
  const [t, to, tb, result, fields, countryOptions, fees, campaigns] = await Promise.all([
    getTranslations('manageUser'),
    getTranslations('onsiteDocs'),
    getTranslations('orders'),
    listRegistrants(db, { conferenceId: conference.id, timeZone: conference.timeZone, ...query }),
    loadFields(db, conference.id),
    loadCountryOptions(db, conference.id),
    listFees(db, conference.id),
    listCampaigns(db, conference.id),
  ]);
  const filters = { q: query.q, from: query.from, to: query.to, pay: query.pay, fee: query.fee };
  const pages = Math.max(1, Math.ceil(result.total / result.size));
  const exportHref = `/api/conference/manage/user/export?${registrantSearch(query, { lang: locale })}`;
  // The badges of exactly the registrants these filters match (issue 24 point 2), from the same query string.
  const badgesHref = `/api/conference/platform/onsite/badges/pdf?${registrantSearch(query, { lang: locale })}`;
  const format = conferenceFormatter(locale, conference.timeZone);
  const answer = (answers: Record<string, string | string[]>, key: string) => {
    const value = answers[key];
    return Array.isArray(value) ? value.join(', ') : (value ?? '');
  };
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={3}>{t('title')}</Title>
          <Text size="sm" c="dimmed" data-testid="registrant-total">
            {t('total', { count: result.total })}
          </Text>
        </div>
        <Group gap="xs">
          <AddRegistrant fields={fields} countryOptions={countryOptions} />
          <Button component="a" href={exportHref} download variant="filled" data-testid="export-registrants">
            {t('export')}
          </Button>
          <Button component="a" href={badgesHref} download variant="light" disabled={result.total === 0} data-testid="registrant-badges">
            {to('badgesForFilter')}
          </Button>
        </Group>
      </Group>
      <Paper withBorder p="md">
        <form method="get" data-testid="registrant-filters">
          <Group align="flex-end" gap="sm">
            <TextInput
              name="q"
              label={t('search')}
              placeholder={t('searchPlaceholder')}
              defaultValue={query.q}
              style={{ flex: 1, minWidth: 220 }}
              data-testid="registrant-search"
            />
            <TextInput name="from" type="date" label={t('from')} defaultValue={query.from} data-testid="registrant-from" />
            <TextInput name="to" type="date" label={t('to')} defaultValue={query.to} data-testid="registrant-to" />
            <NativeSelect
              name="pay"
              label={t('payFilter')}
              defaultValue={query.pay}
              data={[
                { value: '', label: t('any') },
                ...(['paid', 'unpaid', 'none'] as const).map((value) => ({ value, label: t(`pay_${value}`) })),
              ]}
              data-testid="registrant-pay"
            />
            <NativeSelect
              name="fee"
              label={t('feeFilter')}
              defaultValue={String(query.fee)}
              data={[
                { value: '', label: t('any') },
                ...fees.map((fee) => ({ value: String(fee.id), label: localized(fee.title, locale) })),
              ]}
              data-testid="registrant-fee"
            />
            <Button type="submit" data-testid="registrant-apply">
              {t('apply')}
            </Button>
            <ButtonLink href={REGISTRANT_LIST} variant="subtle">
              {t('reset')}
            </ButtonLink>
          </Group>
        </form>
        {query.invalidDate && (
          <Alert color="orange" mt="sm">
            {t('badDate')}
          </Alert>
        )}
      </Paper>
      <BulkMailSelection>
        <Paper withBorder>
          <Paper p="sm" radius={0} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
            <BulkMailBar filters={filters} total={result.total} />
          </Paper>
          <ListTable
            framed={false}
            minWidth={900}
            testId="registrant-table"
            title={2}
            primary={[5, 7]}
            labels={['', undefined, undefined, undefined, undefined, undefined, undefined, '']}
            emptyTestId="registrant-empty"
            empty={t('empty')}
            head={[
              <PageCheckbox key="select" ids={result.rows.map((row) => row.id)} label={t('selectPage')} />,
              t('colCode'),
              t('colName'),
              t('colEmail'),
              t('colUnit'),
              t('colFees'),
              t('colRegisteredAt'),
              t('colActions'),
            ]}
            rows={result.rows.map((row) => ({
              key: row.id,
              attrs: { 'data-testid': 'registrant-row', 'data-code': row.code },
              cells: [
                <RegistrantCheckbox key="select" id={row.id} label={t('selectRow', { code: row.code })} />,
                row.code,
                answer(row.answers, 'name') || row.name,
                row.email,
                answer(row.answers, 'unit'),
                <div key="fees" data-testid="registrant-fees">
                  {row.orders.map((order, i) => (
                    <Text key={i} size="xs">
                      {localized(order.item, locale)} × {order.quantity} · {formatMoney(order.totalMinor, order.currency, locale)} ·{' '}
                      {payStatusLabel(tb, order.payStatus)}
                    </Text>
                  ))}
                </div>,
                format.dateTime(row.createdAt, 'short'),
                <Group key="actions" gap="xs" wrap="nowrap">
                  <AnchorLink href={`/platform/manage/userDetails?id=${row.id}`} data-testid="registrant-details">
                    {t('details')}
                  </AnchorLink>
                  <Anchor
                    href={`/api/conference/platform/onsite/badges/pdf?registrationId=${row.id}&lang=${locale}`}
                    download
                    title={to('badgeForOneTitle')}
                    data-testid="registrant-badge"
                  >
                    {to('badgeForOne')}
                  </Anchor>
                </Group>,
              ],
            }))}
          />
        </Paper>
      </BulkMailSelection>
      <ListPages
        page={query.page}
        pages={pages}
        href={(page) => registrantListHref({ ...query, page })}
        labels={{ prev: t('previous'), next: t('next'), page: t('pageOf', { page: query.page, pages }) }}
      />
      <MailHistory campaigns={campaigns} locale={locale} timeZone={conference.timeZone} />
    </Stack>
  );
}
