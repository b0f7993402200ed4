import ExcelJS from 'exceljs';
import { localized, type Locale } from '@/lib/i18n/localized';
import { hasMessage, serverTranslator } from '@/lib/i18n/server-messages';
import { formatMoney } from '@/lib/fees/money';
import { describeAnswers } from './describe-answers';
import type { FormField } from './fields';
import type { RegistrantOrder } from './registrants';
import { conferenceFormatter, DEFAULT_TIME_ZONE } from '@/lib/i18n/format';

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
 * time, then one column per enabled field of the form (custom ones too), choices by their names.
 */
export async function registrantsWorkbook(
  fields: FormField[],
  registrants: Registrant[],
  locale: Locale,
  title: string,
  fileNames: Record<string, string> = {},
  timeZone: string = DEFAULT_TIME_ZONE,
): Promise<Buffer> {
  const format = conferenceFormatter(locale, timeZone);
  const t = serverTranslator(locale, 'manageUser');
  const formFields = fields.filter((f) => f.enabled).sort((a, b) => a.sortOrder - b.sortOrder);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'ConfHub';
  const sheet = workbook.addWorksheet(title.slice(0, 31) || 'Registrants');
  sheet.columns = [
    { header: t('colCode'), key: 'code', width: 14 },
    { header: t('colAccountName'), key: 'accountName', width: 18 },
    { header: t('colAccountEmail'), key: 'accountEmail', width: 28 },
    { header: t('colRegisteredAt'), key: 'registeredAt', width: 20 },
    ...formFields.map((f) => ({ header: localized(f.label, locale), key: `f_${f.key}`, width: 22 })),
    { header: t('colRegisterFee'), key: 'registerFee', width: 24 },
    { header: t('colPayStatus'), key: 'payStatus', width: 14 },
    { header: t('colOptionalFees'), key: 'optionalFees', width: 32 },
  ];
  const to = serverTranslator(locale, 'orders');
  const payLabel = (status: string) => (hasMessage(locale, 'orders', `pay_${status}`) ? to(`pay_${status}`) : status);
  const describe = (order: RegistrantOrder) =>
    `${localized(order.item, locale)} × ${order.quantity} (${formatMoney(order.totalMinor, order.currency, locale)}, ${payLabel(order.payStatus)})`;
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const registrant of registrants) {
    const described = Object.fromEntries(
      describeAnswers(formFields, registrant.answers, locale, fileNames).map((a) => [`f_${a.key}`, a.value]),
    );
    sheet.addRow({
      code: registrant.code,
      accountName: registrant.name,
      accountEmail: registrant.email,
      registeredAt: format.dateTime(registrant.createdAt, 'short'),
      ...described,
      registerFee: registrant.orders
        .filter((o) => o.type === 'registration')
        .map((o) => `${localized(o.item, locale)} (${formatMoney(o.totalMinor, o.currency, locale)})`)
        .join('; '),
      payStatus: registrant.orders
        .filter((o) => o.type === 'registration')
        .map((o) => payLabel(o.payStatus))
        .join('; '),
      optionalFees: registrant.orders
        .filter((o) => o.type === 'optional')
        .map(describe)
        .join('; '),
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
