import ExcelJS from 'exceljs';
import { conferenceFormatter } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import type { allAdminFeedback } from './queries';

type Row = Awaited<ReturnType<typeof allAdminFeedback>>[number];

/**
 * Feedback as an xlsx workbook in the organiser's language: one row per feedback with every field,
 * the type and status by their labels, the attached file's name, the replies and the sender's account.
 */
export async function feedbackWorkbook(rows: Row[], locale: Locale, timeZone: string): Promise<Buffer> {
  const t = serverTranslator(locale, 'feedback');
  const format = conferenceFormatter(locale, timeZone);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'ConfHub';
  const sheet = workbook.addWorksheet(t('sheetName').slice(0, 31));
  sheet.columns = [
    { header: t('sentAt'), key: 'createdAt', width: 18 },
    { header: t('type'), key: 'type', width: 14 },
    { header: t('status'), key: 'status', width: 10 },
    { header: t('title'), key: 'title', width: 30 },
    { header: t('content'), key: 'content', width: 50 },
    { header: t('name'), key: 'name', width: 16 },
    { header: t('email'), key: 'email', width: 26 },
    { header: t('phone'), key: 'phone', width: 18 },
    { header: t('file'), key: 'file', width: 24 },
    { header: t('replies'), key: 'replies', width: 50 },
    { header: t('account'), key: 'accountEmail', width: 26 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const { feedback, replyText, accountEmail } of rows) {
    sheet.addRow({
      createdAt: format.dateTime(feedback.createdAt, 'short'),
      type: t(`type_${feedback.type}`),
      status: t(`status_${feedback.status}`),
      title: feedback.title,
      content: feedback.content,
      name: feedback.name,
      email: feedback.email,
      phone: feedback.phone,
      file: feedback.file?.oriName ?? '',
      replies: replyText,
      accountEmail,
    });
  }
  sheet.getColumn('content').alignment = { wrapText: true, vertical: 'top' };
  sheet.getColumn('replies').alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
