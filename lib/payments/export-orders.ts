import ExcelJS from 'exceljs';
import { minorDigits } from '@/lib/fees/money';
import { conferenceFormatter } from '@/lib/i18n/format';
import { localized, type Locale } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import type { allAdminOrders } from './queries';
import { orderUnits } from '@/lib/orders/rules';

type Row = Awaited<ReturnType<typeof allAdminOrders>>[number];

/**
 * Orders as an xlsx workbook in the manager's language: one row per order with the participant,
 * amounts as numbers in major units beside their currency (so sums work in a spreadsheet), the
 * states by their labels, and the newest payment's number and method.
 */
export async function ordersWorkbook(rows: Row[], locale: Locale, timeZone: string): Promise<Buffer> {
  const to = serverTranslator(locale, 'orders');
  const tp = serverTranslator(locale, 'payments');
  const format = conferenceFormatter(locale, timeZone);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'ConfHub';
  const sheet = workbook.addWorksheet(tp('manageTitle').slice(0, 31));
  sheet.columns = [
    { header: to('orderNo'), key: 'orderNo', width: 18 },
    { header: to('type'), key: 'type', width: 12 },
    { header: to('item'), key: 'item', width: 28 },
    { header: tp('payer'), key: 'name', width: 18 },
    { header: tp('email'), key: 'email', width: 28 },
    { header: to('quantity'), key: 'quantity', width: 8 },
    { header: to('total'), key: 'total', width: 12 },
    { header: tp('currency'), key: 'currency', width: 8 },
    { header: to('payStatus'), key: 'pay', width: 16 },
    { header: to('orderStatus'), key: 'status', width: 10 },
    { header: tp('method'), key: 'method', width: 16 },
    { header: tp('billNo'), key: 'billNo', width: 22 },
    { header: to('createdAt'), key: 'createdAt', width: 18 },
    { header: tp('paidAt'), key: 'paidAt', width: 18 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const { order, name, email, bill } of rows) {
    sheet.addRow({
      orderNo: order.orderNo,
      type: to(`type_${order.type}`),
      item: localized(order.itemName, locale),
      name,
      email,
      quantity: orderUnits(order),
      total: order.totalMinor / 10 ** minorDigits(order.currency),
      currency: order.currency,
      pay: to(`pay_${order.payStatus}`),
      status: to(`status_${order.orderStatus}`),
      method: order.paymentMethod ? tp(`kind_${order.paymentMethod}`) : '',
      billNo: bill?.billNo ?? '',
      createdAt: format.dateTime(order.createdAt, 'short'),
      paidAt: order.paidAt ? format.dateTime(order.paidAt, 'short') : '',
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
