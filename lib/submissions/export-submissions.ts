import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createTranslator } from 'next-intl';
import type { Executor } from '@/db/client';
import { submissionConfig } from '@/db/schema';
import { SCORE_KEYS, type SubmissionChoice } from '@/db/schema/submissions';
import en from '@/messages/en.json';
import zh from '@/messages/zh.json';
import { conferenceFormatter } from '@/lib/i18n/format';
import { localized, type Locale } from '@/lib/i18n/localized';
import type { AdminSubmissionFilters } from './admin-list-params';
import { choiceLabel } from './config-schemas';
import { allAdminSubmissions, type ExportSubmissionRow } from './admin-list';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The management screen's words in `locale` (its own namespace), for code outside a rendered page. */
export function contributeAdminTranslator(locale: Locale): Translate {
  return createTranslator({ locale, messages: locale === 'zh' ? zh : en, namespace: 'contributeAdmin' }) as unknown as Translate;
}

/** A label of a known key, else the raw value (a status written by a newer version, say). */
function labelOr(t: Translate, messages: Record<string, unknown>, key: string, raw: string): string {
  return typeof messages[key] === 'string' ? t(key) : raw;
}

export type WorkbookOptions = {
  locale: Locale;
  timeZone: string;
  reportTypes: SubmissionChoice[];
  categories: SubmissionChoice[];
};

/**
 * Submissions as an xlsx workbook in the manager's language: one row per submission with its code,
 * title, session, report type and category (by their labels), keywords, status, submitter, authors
 * and corresponding email; then, for each review of the current version, the reviewer, the five
 * scores (numbers, so a spreadsheet can sum them) and the opinion; then the average overall score,
 * the chair's and the final opinion and the decision.
 */
export async function submissionsWorkbook(rows: ExportSubmissionRow[], options: WorkbookOptions): Promise<Buffer> {
  const { locale } = options;
  const t = contributeAdminTranslator(locale);
  const messages = (locale === 'zh' ? zh : en).contributeAdmin as Record<string, unknown>;
  const format = conferenceFormatter(locale, options.timeZone);
  const reviewSlots = rows.reduce((most, r) => Math.max(most, r.reviews.length), 0);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'ConfHub';
  const sheet = workbook.addWorksheet(t('sheetName').slice(0, 31));
  sheet.columns = [
    { header: t('colCode'), key: 'code', width: 14 },
    { header: t('colTitle'), key: 'title', width: 40 },
    { header: t('colSession'), key: 'session', width: 22 },
    { header: t('colReportType'), key: 'reportType', width: 14 },
    { header: t('colCategory'), key: 'category', width: 14 },
    { header: t('colKeywords'), key: 'keywords', width: 28 },
    { header: t('colStatus'), key: 'status', width: 12 },
    { header: t('colSubmitter'), key: 'submitter', width: 18 },
    { header: t('colSubmitterEmail'), key: 'submitterEmail', width: 26 },
    { header: t('colAuthors'), key: 'authors', width: 30 },
    { header: t('colCorrespondingEmail'), key: 'correspondingEmail', width: 26 },
    { header: t('colCreatedAt'), key: 'createdAt', width: 18 },
    ...Array.from({ length: reviewSlots }, (_, i) => [
      { header: t('reviewColReviewer', { n: i + 1 }), key: `r${i}_reviewer`, width: 18 },
      ...SCORE_KEYS.map((k) => ({ header: t('reviewColScore', { n: i + 1, score: t(`score_${k}`) }), key: `r${i}_${k}`, width: 10 })),
      { header: t('reviewColOpinion', { n: i + 1 }), key: `r${i}_opinion`, width: 36 },
    ]).flat(),
    { header: t('colAverage'), key: 'average', width: 10 },
    { header: t('colChairOpinion'), key: 'chairOpinion', width: 36 },
    { header: t('colFinalOpinion'), key: 'finalOpinion', width: 36 },
    { header: t('colDecision'), key: 'decision', width: 12 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) {
    const reviews = Object.fromEntries(
      row.reviews.flatMap((review, i) => [
        [`r${i}_reviewer`, review.reviewer],
        ...SCORE_KEYS.map((k) => [`r${i}_${k}`, review.status === 'submitted' && review.scores ? review.scores[k] : null]),
        [
          `r${i}_opinion`,
          review.status === 'submitted' ? review.opinion : labelOr(t, messages, `reviewStatus_${review.status}`, review.status),
        ],
      ]),
    );
    sheet.addRow({
      code: row.code,
      title: row.title,
      session: row.sessionName ? localized(row.sessionName, locale) : '',
      reportType: choiceLabel(options.reportTypes, row.reportType, locale),
      category: choiceLabel(options.categories, row.category, locale),
      keywords: row.keywords.join(locale === 'zh' ? '；' : '; '),
      status: labelOr(t, messages, `status_${row.status}`, row.status),
      submitter: row.submitterName,
      submitterEmail: row.submitterEmail,
      authors: row.authors.join(locale === 'zh' ? '，' : ', '),
      correspondingEmail: row.correspondingEmail ?? '',
      createdAt: format.dateTime(row.createdAt, 'short'),
      ...reviews,
      average: row.averageScore,
      chairOpinion: row.chairOpinion,
      finalOpinion: row.finalOpinion,
      decision: row.decision ? labelOr(t, messages, `decision_${row.decision}`, row.decision) : '',
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The export of the management screen: every submission of the conference matching the filters, as xlsx bytes. */
export async function exportSubmissions(
  db: Executor,
  conference: { id: number; timeZone: string },
  filters: AdminSubmissionFilters,
  locale: Locale,
): Promise<Buffer> {
  const [rows, choices] = await Promise.all([allAdminSubmissions(db, conference.id, filters), submissionChoices(db, conference.id)]);
  return submissionsWorkbook(rows, { locale, timeZone: conference.timeZone, ...choices });
}

/** The call's report types and categories with their labels (empty lists when the call is not configured). */
export async function submissionChoices(db: Executor, conferenceId: number) {
  const [config] = await db
    .select({ reportTypes: submissionConfig.reportTypes, categories: submissionConfig.categories })
    .from(submissionConfig)
    .where(eq(submissionConfig.conferenceId, conferenceId));
  return { reportTypes: config?.reportTypes ?? [], categories: config?.categories ?? [] };
}
