import { sheet, type WorkbookSpec } from '@/lib/exports/workbook';
import { localized, type Locale } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import { orderUnits } from '@/lib/orders/rules';
import type { allAdminOrders } from './queries';

type Row = Awaited<ReturnType<typeof allAdminOrders>>[number];

/**
 * Orders as an xlsx workbook in the manager's language: one row per order with the participant,
 * amounts as numbers in major units beside their currency (so sums work in a spreadsheet), the
 * states by their labels, the newest payment's number and method, and date cells in the conference's zone.
 */
export function ordersWorkbook(rows: Row[], locale: Locale, timeZone: string): WorkbookSpec {
  const to = serverTranslator(locale, 'orders');
  const tp = serverTranslator(locale, 'payments');
  return {
    timeZone,
    sheets: [
      sheet<Row>({
        name: tp('manageTitle'),
        rows,
        columns: [
          { header: to('orderNo'), width: 18, type: 'text', value: (r) => r.order.orderNo },
          { header: to('type'), width: 12, type: 'label', value: (r) => r.order.type, label: (v) => to(`type_${v}`) },
          { header: to('item'), width: 28, type: 'text', value: (r) => localized(r.order.itemName, locale) },
          { header: tp('payer'), width: 18, type: 'text', value: (r) => r.name },
          { header: tp('email'), width: 28, type: 'text', value: (r) => r.email },
          { header: to('quantity'), width: 8, type: 'number', value: (r) => orderUnits(r.order) },
          {
            header: to('total'),
            width: 12,
            type: 'money',
            value: (r) => ({ minor: r.order.totalMinor, currency: r.order.currency }),
          },
          { header: tp('currency'), width: 8, type: 'text', value: (r) => r.order.currency },
          { header: to('payStatus'), width: 16, type: 'label', value: (r) => r.order.payStatus, label: (v) => to(`pay_${v}`) },
          { header: to('orderStatus'), width: 10, type: 'label', value: (r) => r.order.orderStatus, label: (v) => to(`status_${v}`) },
          { header: tp('method'), width: 16, type: 'label', value: (r) => r.order.paymentMethod, label: (v) => tp(`kind_${v}`) },
          { header: tp('billNo'), width: 22, type: 'text', value: (r) => r.bill?.billNo ?? '' },
          { header: to('createdAt'), width: 18, type: 'datetime', value: (r) => r.order.createdAt },
          { header: tp('paidAt'), width: 18, type: 'datetime', value: (r) => r.order.paidAt },
        ],
      }),
    ],
  };
}
