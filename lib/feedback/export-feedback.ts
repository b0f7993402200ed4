import { sheet, type WorkbookSpec } from '@/lib/exports/workbook';
import type { Locale } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import type { allAdminFeedback } from './queries';

type Row = Awaited<ReturnType<typeof allAdminFeedback>>[number];

/**
 * Feedback as an xlsx workbook in the organiser's language: one row per feedback with every field,
 * the type and status by their labels, the attached file's name, the replies, the sender's account,
 * and the time sent as a date cell in the conference's zone.
 */
export function feedbackWorkbook(rows: Row[], locale: Locale, timeZone: string): WorkbookSpec {
  const t = serverTranslator(locale, 'feedback');
  return {
    timeZone,
    sheets: [
      sheet<Row>({
        name: t('sheetName'),
        rows,
        columns: [
          { header: t('sentAt'), width: 18, type: 'datetime', value: (r) => r.feedback.createdAt },
          { header: t('type'), width: 14, type: 'label', value: (r) => r.feedback.type, label: (v) => t(`type_${v}`) },
          { header: t('status'), width: 10, type: 'label', value: (r) => r.feedback.status, label: (v) => t(`status_${v}`) },
          { header: t('title'), width: 30, type: 'text', value: (r) => r.feedback.title },
          { header: t('content'), width: 50, wrap: true, type: 'text', value: (r) => r.feedback.content },
          { header: t('name'), width: 16, type: 'text', value: (r) => r.feedback.name },
          { header: t('email'), width: 26, type: 'text', value: (r) => r.feedback.email },
          { header: t('phone'), width: 18, type: 'text', value: (r) => r.feedback.phone },
          { header: t('file'), width: 24, type: 'text', value: (r) => r.feedback.file?.oriName ?? '' },
          { header: t('replies'), width: 50, wrap: true, type: 'text', value: (r) => r.replyText },
          { header: t('account'), width: 26, type: 'text', value: (r) => r.accountEmail },
        ],
      }),
    ],
  };
}
