import { sheet, type Column, type WorkbookSpec } from '@/lib/exports/workbook';
import { localized, type Locale } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import { formatMoney } from '@/lib/fees/money';
import { describeAnswers } from './describe-answers';
import type { FormField } from './fields';
import type { RegistrantOrder } from './registrants';
import { DEFAULT_TIME_ZONE } from '@/lib/i18n/format';
import { payStatusLabel } from '@/lib/orders/pay-status';

type Registrant = {
  code: string;
  name: string;
  email: string;
  createdAt: Date;
  answers: Record<string, string | string[]>;
  orders: RegistrantOrder[];
};

/**
 * The registrants as an xlsx workbook in the admin's language: the registration number, account,
 * time (a date cell in the conference's zone), then one column per enabled field of the form (custom
 * ones too), choices by their names, then the registration fee, its payment and the optional fees.
 */
export function registrantsWorkbook(
  fields: FormField[],
  registrants: Registrant[],
  locale: Locale,
  title: string,
  fileNames: Record<string, string> = {},
  timeZone: string = DEFAULT_TIME_ZONE,
): WorkbookSpec {
  const t = serverTranslator(locale, 'manageUser');
  const formFields = fields.filter((f) => f.enabled).sort((a, b) => a.sortOrder - b.sortOrder);
  const to = serverTranslator(locale, 'orders');
  const payLabel = (status: string) => payStatusLabel(to, status);
  const describe = (order: RegistrantOrder) =>
    `${localized(order.item, locale)} × ${order.quantity} (${formatMoney(order.totalMinor, order.currency, locale)}, ${payLabel(order.payStatus)})`;
  const rows = registrants.map((registrant) => ({
    registrant,
    answers: new Map(describeAnswers(formFields, registrant.answers, locale, fileNames).map((a) => [a.key, a.value])),
    registration: registrant.orders.filter((o) => o.type === 'registration'),
  }));
  type Row = (typeof rows)[number];
  return {
    timeZone,
    sheets: [
      sheet<Row>({
        name: title || 'Registrants',
        rows,
        columns: [
          { header: t('colCode'), width: 14, type: 'text', value: (r) => r.registrant.code },
          { header: t('colAccountName'), width: 18, type: 'text', value: (r) => r.registrant.name },
          { header: t('colAccountEmail'), width: 28, type: 'text', value: (r) => r.registrant.email },
          { header: t('colRegisteredAt'), width: 20, type: 'datetime', value: (r) => r.registrant.createdAt },
          ...formFields.map((f): Column<Row> => ({
            header: localized(f.label, locale),
            width: 22,
            type: 'text',
            value: (r) => r.answers.get(f.key),
          })),
          {
            header: t('colRegisterFee'),
            width: 24,
            type: 'text',
            value: (r) =>
              r.registration.map((o) => `${localized(o.item, locale)} (${formatMoney(o.totalMinor, o.currency, locale)})`).join('; '),
          },
          { header: t('colPayStatus'), width: 14, type: 'text', value: (r) => r.registration.map((o) => payLabel(o.payStatus)).join('; ') },
          {
            header: t('colOptionalFees'),
            width: 32,
            type: 'text',
            value: (r) =>
              r.registrant.orders
                .filter((o) => o.type === 'optional')
                .map(describe)
                .join('; '),
          },
        ],
      }),
    ],
  };
}
