import { sheet, type WorkbookSpec } from '@/lib/exports/workbook';
import type { Locale } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import type { allAdminInvoices } from './queries';

type Row = Awaited<ReturnType<typeof allAdminInvoices>>[number];

/**
 * Invoice requests as an xlsx workbook in the manager's language: one row per request with every
 * field of the invoice, the amount as a number in major units beside its currency, the status by
 * its label, the requester's account, and date cells in the conference's zone.
 */
export function invoicesWorkbook(rows: Row[], locale: Locale, timeZone: string): WorkbookSpec {
  const t = serverTranslator(locale, 'invoices');
  return {
    timeZone,
    sheets: [
      sheet<Row>({
        name: t('sheetName'),
        rows,
        columns: [
          { header: t('orderNo'), width: 18, type: 'text', value: (r) => r.orderNo },
          { header: t('requestedAt'), width: 18, type: 'datetime', value: (r) => r.invoice.createdAt },
          { header: t('status'), width: 12, type: 'label', value: (r) => r.invoice.status, label: (v) => t(`status_${v}`) },
          { header: t('type'), width: 12, type: 'label', value: (r) => r.invoice.type, label: (v) => t(`type_${v}`) },
          { header: t('content'), width: 12, type: 'label', value: (r) => r.invoice.content, label: (v) => t(`content_${v}`) },
          { header: t('titleType'), width: 10, type: 'label', value: (r) => r.invoice.titleType, label: (v) => t(`titleType_${v}`) },
          { header: t('title'), width: 30, type: 'text', value: (r) => r.invoice.title },
          { header: t('taxpayerId'), width: 22, type: 'text', value: (r) => r.invoice.taxpayerId },
          {
            header: t('amount'),
            width: 12,
            type: 'money',
            value: (r) => ({ minor: r.invoice.amountMinor, currency: r.invoice.currency }),
          },
          { header: t('currency'), width: 8, type: 'text', value: (r) => r.invoice.currency },
          { header: t('recipientName'), width: 14, type: 'text', value: (r) => r.invoice.recipientName },
          { header: t('phone'), width: 16, type: 'text', value: (r) => r.invoice.phone },
          { header: t('address'), width: 36, type: 'text', value: (r) => r.invoice.address },
          { header: t('email'), width: 26, type: 'text', value: (r) => r.invoice.email },
          { header: t('attendees'), width: 24, type: 'text', value: (r) => r.invoice.attendees },
          { header: t('comment'), width: 24, type: 'text', value: (r) => r.invoice.comment },
          { header: t('delivery'), width: 10, type: 'label', value: (r) => r.invoice.delivery, label: (v) => t(`delivery_${v}`) },
          { header: t('registeredAddress'), width: 30, type: 'text', value: (r) => r.invoice.registeredAddress },
          { header: t('registeredPhone'), width: 16, type: 'text', value: (r) => r.invoice.registeredPhone },
          { header: t('bankName'), width: 24, type: 'text', value: (r) => r.invoice.bankName },
          { header: t('bankAccount'), width: 24, type: 'text', value: (r) => r.invoice.bankAccount },
          { header: t('trackingNumber'), width: 20, type: 'text', value: (r) => r.invoice.trackingNumber },
          { header: t('invoicedAt'), width: 18, type: 'datetime', value: (r) => r.invoice.invoicedAt },
          { header: t('requester'), width: 18, type: 'text', value: (r) => r.name },
          { header: t('requesterEmail'), width: 26, type: 'text', value: (r) => r.accountEmail },
        ],
      }),
    ],
  };
}
