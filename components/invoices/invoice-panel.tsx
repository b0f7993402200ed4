import { Alert, Badge, Button, Group, Paper, Stack, Table, TableTbody, TableTd, TableTh, TableTr, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import type { DB } from '@/db/client';
import { formatMoney } from '@/lib/fees/money';
import { conferenceFormatter } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/localized';
import { myInvoiceView } from '@/lib/invoices/queries';
import { INVOICE_WINDOW_DAYS } from '@/lib/invoices/rules';
import type { SessionUser } from '@/lib/tenancy/context';
import { InvoiceRequestForm } from './invoice-request-form';
import { StatusBadge } from '@/components/ui/status-badge';

export const STATUS_COLORS: Record<string, string> = { unbilled: 'gray', toBeInvoiced: 'orange', invoiced: 'green' };

/**
 * The invoice of a paid order of mine, under its receipt: the request with its status, its tracking
 * number (by post) or the issued electronic invoice to download (by email) once made; the request form while one may be made (paid, within 90 days); else why not.
 */
export async function InvoicePanel({
  db,
  conferenceId,
  user,
  orderId,
  locale,
  timeZone,
}: {
  db: DB;
  conferenceId: number;
  user: SessionUser;
  orderId: number;
  locale: Locale;
  timeZone: string;
}) {
  const [t, view] = await Promise.all([getTranslations('invoices'), myInvoiceView(db, { conferenceId, userId: user.id, orderId })]);
  if (!view) return null;
  const format = conferenceFormatter(locale, timeZone);
  const amount = formatMoney(view.order.amountMinor, view.order.currency, locale);
  const deadline = view.deadline ? format.dateTime(view.deadline, 'short') : '';
  const request = view.request;
  return (
    <Paper withBorder p="lg" data-testid="invoice-panel" data-state={view.state}>
      <Stack gap="sm">
        <Title order={4}>{request || view.state !== 'open' ? t('sectionTitle') : t('requestTitle')}</Title>
        {request ? (
          <Table withRowBorders={false} w="auto" data-testid="invoice-request">
            <TableTbody>
              <TableTr>
                <TableTh>{t('status')}</TableTh>
                <TableTd>
                  <StatusBadge
                    size="md"
                    variant="light"
                    color={STATUS_COLORS[request.status]}
                    data-testid="invoice-status"
                    data-status={request.status}
                  >
                    {t(`status_${request.status}`)}
                  </StatusBadge>
                </TableTd>
              </TableTr>
              {request.trackingNumber && (
                <TableTr>
                  <TableTh>{t('trackingNumber')}</TableTh>
                  <TableTd ff="monospace" data-testid="invoice-tracking">
                    {request.trackingNumber}
                  </TableTd>
                </TableTr>
              )}
              {request.invoicedAt && (
                <TableTr>
                  <TableTh>{t('invoicedAt')}</TableTh>
                  <TableTd>{format.dateTime(request.invoicedAt, 'short')}</TableTd>
                </TableTr>
              )}
              {request.invoiceFileId !== null && (
                <TableTr>
                  <TableTh>{t('invoiceFile')}</TableTh>
                  <TableTd>
                    <Button
                      component="a"
                      href={`/api/conference/invoice/file?orderId=${view.order.id}`}
                      download
                      size="compact-sm"
                      data-testid="invoice-file-download"
                    >
                      {t('downloadInvoice')}
                    </Button>
                  </TableTd>
                </TableTr>
              )}
              <TableTr>
                <TableTh>{t('type')}</TableTh>
                <TableTd data-testid="invoice-type" data-type={request.type}>
                  {t(`type_${request.type}`)} · {t(`content_${request.content}`)}
                </TableTd>
              </TableTr>
              <TableTr>
                <TableTh>{t('delivery')}</TableTh>
                <TableTd data-testid="invoice-delivery" data-delivery={request.delivery}>
                  {t(`delivery_${request.delivery}`)}
                </TableTd>
              </TableTr>
              <TableTr>
                <TableTh>{t('title')}</TableTh>
                <TableTd>
                  <Group gap="xs">
                    <Text span>{request.title}</Text>
                    <Badge size="sm" variant="outline">
                      {t(`titleType_${request.titleType}`)}
                    </Badge>
                  </Group>
                </TableTd>
              </TableTr>
              {request.taxpayerId && (
                <TableTr>
                  <TableTh>{t('taxpayerId')}</TableTh>
                  <TableTd ff="monospace">{request.taxpayerId}</TableTd>
                </TableTr>
              )}
              <TableTr>
                <TableTh>{t('amount')}</TableTh>
                <TableTd>{formatMoney(request.amountMinor, request.currency, locale)}</TableTd>
              </TableTr>
              {request.type === 'special' && (
                <TableTr>
                  <TableTh>{t('companyDetails')}</TableTh>
                  <TableTd data-testid="invoice-company-details">
                    <Text size="sm">
                      {request.registeredAddress} · {request.registeredPhone}
                    </Text>
                    <Text size="sm">
                      {request.bankName} · {request.bankAccount}
                    </Text>
                  </TableTd>
                </TableTr>
              )}
              <TableTr>
                <TableTh>{t('recipient')}</TableTh>
                <TableTd>
                  {request.delivery === 'post' ? `${request.recipientName} · ${request.phone} · ${request.email}` : request.email}
                  {request.address && <Text size="sm">{request.address}</Text>}
                </TableTd>
              </TableTr>
              <TableTr>
                <TableTh>{t('requestedAt')}</TableTh>
                <TableTd>{format.dateTime(request.createdAt, 'short')}</TableTd>
              </TableTr>
            </TableTbody>
          </Table>
        ) : view.state === 'open' ? (
          <>
            <Text size="sm" c="dimmed" data-testid="invoice-window">
              {t('windowOpen', { days: INVOICE_WINDOW_DAYS, deadline })}
            </Text>
            <InvoiceRequestForm orderId={view.order.id} amount={amount} account={{ name: user.name, email: user.email }} />
          </>
        ) : view.state === 'closed' ? (
          <Alert color="orange" data-testid="invoice-closed">
            {t('windowClosed', { days: INVOICE_WINDOW_DAYS, deadline })}
          </Alert>
        ) : (
          <Alert color="gray" data-testid="invoice-unpaid">
            {t('notPaid')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
