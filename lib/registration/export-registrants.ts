import ExcelJS from 'exceljs';
import { localized, type Locale } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import { describeAnswers } from './describe-answers';
import type { FormField } from './fields';

type Registrant = { code: string; name: string; email: string; createdAt: Date; answers: Record<string, string | string[]> };

/**
 * The registrants as an xlsx workbook in the admin's language: the registration number, account,
 * time, then one column per enabled field of the form (custom ones too), choices by their names.
 */
export async function registrantsWorkbook(fields: FormField[], registrants: Registrant[], locale: Locale, title: string): Promise<Buffer> {
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
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const registrant of registrants) {
    const described = Object.fromEntries(describeAnswers(formFields, registrant.answers, locale).map((a) => [`f_${a.key}`, a.value]));
    sheet.addRow({
      code: registrant.code,
      accountName: registrant.name,
      accountEmail: registrant.email,
      registeredAt: registrant.createdAt.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-GB', { timeZone: 'Asia/Shanghai' }),
      ...described,
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
