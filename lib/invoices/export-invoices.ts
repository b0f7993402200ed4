import ExcelJS from 'exceljs';
import { minorDigits } from '@/lib/fees/money';
import { conferenceFormatter } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import type { allAdminInvoices } from './queries';

type Row = Awaited<ReturnType<typeof allAdminInvoices>>[number];

/**
 * Invoice requests as an xlsx workbook in the manager's language: one row per request with every
 * field of the invoice, the amount as a number in major units beside its currency, the status by
 * its label, and the requester's account.
 */
export async function invoicesWorkbook(rows: Row[], locale: Locale, timeZone: string): Promise<Buffer> {
  const t = serverTranslator(locale, 'invoices');
  const format = conferenceFormatter(locale, timeZone);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'ConfHub';
  const sheet = workbook.addWorksheet(t('sheetName').slice(0, 31));
  sheet.columns = [
    { header: t('orderNo'), key: 'orderNo', width: 18 },
    { header: t('requestedAt'), key: 'createdAt', width: 18 },
    { header: t('status'), key: 'status', width: 12 },
    { header: t('type'), key: 'type', width: 12 },
    { header: t('content'), key: 'content', width: 12 },
    { header: t('titleType'), key: 'titleType', width: 10 },
    { header: t('title'), key: 'title', width: 30 },
    { header: t('taxpayerId'), key: 'taxpayerId', width: 22 },
    { header: t('amount'), key: 'amount', width: 12 },
    { header: t('currency'), key: 'currency', width: 8 },
    { header: t('recipientName'), key: 'recipientName', width: 14 },
    { header: t('phone'), key: 'phone', width: 16 },
    { header: t('address'), key: 'address', width: 36 },
    { header: t('email'), key: 'email', width: 26 },
    { header: t('attendees'), key: 'attendees', width: 24 },
    { header: t('comment'), key: 'comment', width: 24 },
    { header: t('trackingNumber'), key: 'trackingNumber', width: 20 },
    { header: t('invoicedAt'), key: 'invoicedAt', width: 18 },
    { header: t('requester'), key: 'name', width: 18 },
    { header: t('requesterEmail'), key: 'accountEmail', width: 26 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const { invoice, orderNo, name, accountEmail } of rows) {
    sheet.addRow({
      orderNo,
      createdAt: format.dateTime(invoice.createdAt, 'short'),
      status: t(`status_${invoice.status}`),
      type: t(`type_${invoice.type}`),
      content: t(`content_${invoice.content}`),
      titleType: t(`titleType_${invoice.titleType}`),
      title: invoice.title,
      taxpayerId: invoice.taxpayerId,
      amount: invoice.amountMinor / 10 ** minorDigits(invoice.currency),
      currency: invoice.currency,
      recipientName: invoice.recipientName,
      phone: invoice.phone,
      address: invoice.address,
      email: invoice.email,
      attendees: invoice.attendees,
      comment: invoice.comment,
      trackingNumber: invoice.trackingNumber,
      invoicedAt: invoice.invoicedAt ? format.dateTime(invoice.invoicedAt, 'short') : '',
      name,
      accountEmail,
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
