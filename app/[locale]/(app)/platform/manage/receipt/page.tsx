import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { InvoiceStatusAction } from '@/components/invoices/admin/invoice-status-action';
import { STATUS_COLORS } from '@/components/invoices/invoice-panel';
import { ListPages } from '@/components/ui/list-pages';
import { requirePage } from '@/lib/auth/require-page';
import { FilterDate, FilterForm, FilterSearch, FilterSelect } from '@/components/ui/filter-form';
import { formatMoney } from '@/lib/fees/money';
import { conferenceFormatter } from '@/lib/i18n/format';
import { invoiceFilterSearch, invoiceListHref, invoiceQueryFrom } from '@/lib/invoices/list-params';
import { adminInvoices } from '@/lib/invoices/queries';
import { INVOICE_STATUSES, TITLE_TYPES } from '@/lib/invoices/schemas';
import { ListTable } from '@/components/ui/list-table';
import { StatusBadge } from '@/components/ui/status-badge';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('invoices');
  return { title: t('manageTitle') };
}

/**
 * Invoice management (spec §2 /platform/manage/receipt): the paged, filtered list of the
 * conference's invoice requests, each moved forward from its row (unbilled → to be invoiced →
 * invoiced with a tracking number), and the export of what the filters show.
 */
export default async function ManageReceiptPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { db, conference, locale } = await requirePage('/platform/manage/receipt');
  const query = invoiceQueryFrom(await searchParams);
  const [t, list] = await Promise.all([getTranslations('invoices'), adminInvoices(db, conference.id, query, conference.timeZone)]);
  const format = conferenceFormatter(locale, conference.timeZone);
  const pages = Math.max(1, Math.ceil(list.total / query.size));
  const exportHref = `/api/conference/manage/receipt/export?${invoiceFilterSearch(query, { lang: locale })}`;
  const select = (name: 'status' | 'titleType', label: string, values: readonly string[]) => (
    <FilterSelect
      name={name}
      label={label}
      defaultValue={query[name]}
      anyLabel={t('all')}
      choices={values.map((value) => ({ value, label: t(`${name}_${value}`) }))}
      testId={`invoice-filter-${name}`}
    />
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={3}>{t('manageTitle')}</Title>
          <Text size="sm" c="dimmed" data-testid="invoice-total-count">
            {t('manageTotal', { count: list.total })}
          </Text>
        </div>
        <Button component="a" href={exportHref} download data-testid="export-invoices">
          {t('export')}
        </Button>
      </Group>

      <FilterForm
        testId="invoice"
        label={t('filters')}
        applyLabel={t('apply')}
        reset={{ href: '/platform/manage/receipt', label: t('reset') }}
      >
        <FilterSearch label={t('search')} placeholder={t('searchPlaceholder')} defaultValue={query.q} testId="invoice-search" />
        {select('status', t('status'), INVOICE_STATUSES)}
        {select('titleType', t('titleType'), TITLE_TYPES)}
        <FilterDate name="from" label={t('from')} defaultValue={query.from} />
        <FilterDate name="to" label={t('to')} defaultValue={query.to} />
      </FilterForm>

      <Paper withBorder>
        {list.rows.length === 0 ? (
          <Text c="dimmed" p="md" data-testid="invoice-none">
            {t('none')}
          </Text>
        ) : (
          <ListTable
            framed={false}
            minWidth={960}
            testId="admin-invoice-table"
            empty={null}
            head={[t('orderNo'), t('invoice'), t('amount'), t('recipient'), t('status'), t('actions')]}
            labels={[undefined, undefined, undefined, undefined, undefined, '']}
            title={0}
            primary={[2, 4, 5]}
            rows={list.rows.map(({ invoice, orderNo, name, accountEmail }) => ({
              key: invoice.id,
              attrs: { 'data-testid': 'admin-invoice-row', 'data-order': orderNo, 'data-status': invoice.status },
              cells: [
                <div key="c0">
                  <Text ff="monospace" size="sm">
                    {orderNo}
                  </Text>
                  <Text size="xs">
                    {name} · {accountEmail}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('requestedAt')}: {format.dateTime(invoice.createdAt, 'short')}
                  </Text>
                </div>,
                <div key="c1">
                  <Group gap={6}>
                    <Badge size="sm" variant="outline">
                      {t(`titleType_${invoice.titleType}`)}
                    </Badge>
                    <Text size="sm" fw={500}>
                      {invoice.title}
                    </Text>
                  </Group>
                  {invoice.taxpayerId && (
                    <Text size="xs" ff="monospace">
                      {t('taxpayerId')}: {invoice.taxpayerId}
                    </Text>
                  )}
                  <Text size="xs" data-testid="admin-invoice-type">
                    {t(`type_${invoice.type}`)} · {t(`content_${invoice.content}`)} · {t(`delivery_${invoice.delivery}`)}
                  </Text>
                  {invoice.type === 'special' && (
                    <Text size="xs" data-testid="admin-invoice-company">
                      {invoice.registeredAddress} · {invoice.registeredPhone} · {invoice.bankName} · {invoice.bankAccount}
                    </Text>
                  )}
                  {invoice.attendees && (
                    <Text size="xs">
                      {t('attendees')}: {invoice.attendees}
                    </Text>
                  )}
                  {invoice.comment && (
                    <Text size="xs">
                      {t('comment')}: {invoice.comment}
                    </Text>
                  )}
                </div>,
                <div key="c2">{formatMoney(invoice.amountMinor, invoice.currency, locale)}</div>,
                <div key="c3">
                  {invoice.delivery === 'post' && (
                    <Text size="sm">
                      {invoice.recipientName} · {invoice.phone}
                    </Text>
                  )}
                  <Text size="xs">{invoice.email}</Text>
                  {invoice.address && <Text size="xs">{invoice.address}</Text>}
                </div>,
                <div key="c4">
                  <StatusBadge size="sm" variant="light" color={STATUS_COLORS[invoice.status]} data-testid="admin-invoice-status">
                    {t(`status_${invoice.status}`)}
                  </StatusBadge>
                  {invoice.trackingNumber && (
                    <Text size="xs" ff="monospace" data-testid="admin-invoice-tracking">
                      {invoice.trackingNumber}
                    </Text>
                  )}
                  {invoice.invoicedAt && <Text size="xs">{format.dateTime(invoice.invoicedAt, 'short')}</Text>}
                  {invoice.invoiceFileId !== null && (
                    <Anchor
                      size="xs"
                      href={`/api/conference/manage/receipt/file?id=${invoice.id}`}
                      download
                      data-testid="admin-invoice-file"
                    >
                      {t('invoiceFile')}
                    </Anchor>
                  )}
                </div>,
                <div key="c5">
                  {/* Keyed by status: a moved request gets a fresh form for its next step. */}
                  <InvoiceStatusAction
                    key={invoice.status}
                    id={invoice.id}
                    status={invoice.status}
                    orderNo={orderNo}
                    delivery={invoice.delivery}
                  />
                </div>,
              ],
            }))}
          />
        )}
      </Paper>
      <ListPages
        page={query.page}
        pages={pages}
        href={(page) => invoiceListHref({ ...query, page })}
        labels={{ prev: t('prev'), next: t('next'), page: t('page', { page: query.page, pages }) }}
      />
    </Stack>
  );
}
