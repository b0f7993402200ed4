import {
  Alert,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  TableTbody,
  TableTd,
  TableTh,
  TableThead,
  TableTr,
  TableScrollContainer,
  Text,
  Title,
} from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { InvoicePanel } from '@/components/invoices/invoice-panel';
import { ButtonLink } from '@/components/ui/button-link';
import { requirePage } from '@/lib/auth/require-page';
import { formatMoney } from '@/lib/fees/money';
import { conferenceFormatter } from '@/lib/i18n/format';
import { localized } from '@/lib/i18n/localized';
import { findMyOrder } from '@/lib/orders/queries';
import { receiptFor } from '@/lib/payments/receipt';
import { parseId } from '@/lib/validation/primitives';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('payments');
  return { title: t('receiptTitle') };
}

/** The receipt of a paid order of mine (spec §2 order/receipt/:orderId), with its bilingual PDF. */
export default async function ReceiptPage({ params }: { params: Promise<{ orderId: string }> }) {
  const { db, conference, user, locale } = await requirePage('/profile/order/receipt/:orderId');
  const [t, to, id] = await Promise.all([getTranslations('payments'), getTranslations('orders'), params.then((p) => parseId(p.orderId))]);
  // An order that is not there, or not mine, is "not found"; only my own unpaid order is "not paid yet".
  const order = id === null ? null : await findMyOrder(db, conference.id, user.id, id);
  const receipt = order ? await receiptFor(db, conference.id, order.id, (payer) => payer === user.id) : null;
  const mine = receipt?.data ?? null;
  const format = conferenceFormatter(locale, conference.timeZone);
  return (
    <Paper withBorder p="xl">
      <Stack gap="md">
        <Title order={3}>{t('receiptTitle')}</Title>
        {!order ? (
          <Alert color="orange" data-testid="receipt-not-found">
            {t('receiptNotFound')}
          </Alert>
        ) : !mine ? (
          <Alert color="orange" data-testid="receipt-missing">
            {t('receiptNotPaid')}
          </Alert>
        ) : (
          <>
            <Table withRowBorders={false} w="auto">
              <TableTbody>
                <TableTr>
                  <TableTh>{t('receiptNo')}</TableTh>
                  <TableTd ff="monospace" data-testid="receipt-number">
                    {mine.receiptNo}
                  </TableTd>
                </TableTr>
                <TableTr>
                  <TableTh>{t('billNo')}</TableTh>
                  <TableTd ff="monospace">{mine.billNo}</TableTd>
                </TableTr>
                {mine.payee.name.zh || mine.payee.name.en ? (
                  <TableTr>
                    <TableTh>{t('payee')}</TableTh>
                    <TableTd data-testid="receipt-payee">
                      {localized(mine.payee.name, locale)}
                      {mine.payee.taxpayerId && ` (${t('payeeTaxpayerId')}: ${mine.payee.taxpayerId})`}
                    </TableTd>
                  </TableTr>
                ) : null}
                <TableTr>
                  <TableTh>{t('payer')}</TableTh>
                  <TableTd>
                    {mine.payerName} ({mine.payerEmail})
                  </TableTd>
                </TableTr>
                <TableTr>
                  <TableTh>{t('method')}</TableTh>
                  <TableTd>{localized(mine.method, locale)}</TableTd>
                </TableTr>
                <TableTr>
                  <TableTh>{t('paidAt')}</TableTh>
                  <TableTd>{format.dateTime(mine.paidAt, 'short')}</TableTd>
                </TableTr>
                {mine.providerTxnId && (
                  <TableTr>
                    <TableTh>{t('transaction')}</TableTh>
                    <TableTd ff="monospace">{mine.providerTxnId}</TableTd>
                  </TableTr>
                )}
              </TableTbody>
            </Table>
            <TableScrollContainer minWidth={480}>
              <Table striped data-testid="receipt-lines">
                <TableThead>
                  <TableTr>
                    <TableTh>{to('orderNo')}</TableTh>
                    <TableTh>{to('item')}</TableTh>
                    <TableTh>{to('quantity')}</TableTh>
                    <TableTh>{to('total')}</TableTh>
                  </TableTr>
                </TableThead>
                <TableTbody>
                  {mine.lines.map((line) => (
                    <TableTr key={line.orderNo}>
                      <TableTd ff="monospace">{line.orderNo}</TableTd>
                      <TableTd>{localized(line.item, locale)}</TableTd>
                      <TableTd>{line.quantity}</TableTd>
                      <TableTd>{formatMoney(line.totalMinor, mine.currency, locale)}</TableTd>
                    </TableTr>
                  ))}
                </TableTbody>
              </Table>
            </TableScrollContainer>
            <Text fw={600}>{t('payTotal', { amount: formatMoney(mine.amountMinor, mine.currency, locale) })}</Text>
            {mine.refundedMinor > 0 && <Text>{`${t('refunded')}: ${formatMoney(mine.refundedMinor, mine.currency, locale)}`}</Text>}
            <Group>
              <Button component="a" href={`/api/conference/order/receipt/${id}`} download data-testid="receipt-download">
                {t('receiptDownload')}
              </Button>
            </Group>
            {id !== null && (
              <InvoicePanel db={db} conferenceId={conference.id} user={user} orderId={id} locale={locale} timeZone={conference.timeZone} />
            )}
          </>
        )}
        <div>
          <ButtonLink href="/profile/order/list" variant="default">
            {t('backToOrders')}
          </ButtonLink>
        </div>
      </Stack>
    </Paper>
  );
}
