import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { submissionConfig } from '@/db/schema';
import { SCORE_KEYS, type SubmissionChoice } from '@/db/schema/submissions';
import en from '@/messages/en.json';
import zh from '@/messages/zh.json';
import { sheet, type Column, type WorkbookSpec } from '@/lib/exports/workbook';
import { localized, type Locale } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import type { AdminSubmissionFilters } from './admin-list-params';
import { choiceLabel } from './config-schemas';
import { allAdminSubmissions, type ExportSubmissionRow } from './admin-list';

/** A label of a known key, else the raw value (a status written by a newer version, say). */
function labelOr(t: ReturnType<typeof serverTranslator>, messages: Record<string, unknown>, key: string, raw: string): string {
  return typeof messages[key] === 'string' ? t(key) : raw;
}

export type WorkbookOptions = {
  locale: Locale;
  timeZone: string;
  reportTypes: SubmissionChoice[];
  categories: SubmissionChoice[];
};

type Row = ExportSubmissionRow;

/**
 * Submissions as an xlsx workbook in the manager's language: one row per submission with its code,
 * title, session, report type and category (by their labels), keywords, status, submitter, authors,
 * corresponding email and submission time (a date cell in the conference's zone); then, for each
 * review of the current version, the reviewer, the five scores (numbers, so a spreadsheet can sum
 * them) and the opinion; then the average overall score, the chair's and the final opinion and the decision.
 */
export function submissionsWorkbook(rows: Row[], options: WorkbookOptions): WorkbookSpec {
  const { locale } = options;
  const t = serverTranslator(locale, 'contributeAdmin');
  const messages = (locale === 'zh' ? zh : en).contributeAdmin as Record<string, unknown>;
  const reviewSlots = rows.reduce((most, r) => Math.max(most, r.reviews.length), 0);
  const submitted = (r: Row, i: number) => (r.reviews[i]?.status === 'submitted' ? r.reviews[i] : undefined);
  const reviewColumns = (i: number): Column<Row>[] => [
    { header: t('reviewColReviewer', { n: i + 1 }), width: 18, type: 'text', value: (r) => r.reviews[i]?.reviewer },
    ...SCORE_KEYS.map((k): Column<Row> => ({
      header: t('reviewColScore', { n: i + 1, score: t(`score_${k}`) }),
      width: 10,
      type: 'number',
      value: (r) => submitted(r, i)?.scores?.[k],
    })),
    {
      header: t('reviewColOpinion', { n: i + 1 }),
      width: 36,
      type: 'text',
      value: (r) => {
        const review = r.reviews[i];
        if (!review) return null;
        return review.status === 'submitted' ? review.opinion : labelOr(t, messages, `reviewStatus_${review.status}`, review.status);
      },
    },
  ];
  return {
    timeZone: options.timeZone,
    sheets: [
      sheet<Row>({
        name: t('sheetName'),
        rows,
        columns: [
          { header: t('colCode'), width: 14, type: 'text', value: (r) => r.code },
          { header: t('colTitle'), width: 40, type: 'text', value: (r) => r.title },
          { header: t('colSession'), width: 22, type: 'text', value: (r) => (r.sessionName ? localized(r.sessionName, locale) : '') },
          {
            header: t('colReportType'),
            width: 14,
            type: 'label',
            value: (r) => r.reportType,
            label: (v) => choiceLabel(options.reportTypes, v, locale),
          },
          {
            header: t('colCategory'),
            width: 14,
            type: 'label',
            value: (r) => r.category,
            label: (v) => choiceLabel(options.categories, v, locale),
          },
          { header: t('colKeywords'), width: 28, type: 'text', value: (r) => r.keywords.join(locale === 'zh' ? '；' : '; ') },
          {
            header: t('colStatus'),
            width: 12,
            type: 'label',
            value: (r) => r.status,
            label: (v) => labelOr(t, messages, `status_${v}`, v),
          },
          { header: t('colSubmitter'), width: 18, type: 'text', value: (r) => r.submitterName },
          { header: t('colSubmitterEmail'), width: 26, type: 'text', value: (r) => r.submitterEmail },
          { header: t('colAuthors'), width: 30, type: 'text', value: (r) => r.authors.join(locale === 'zh' ? '，' : ', ') },
          { header: t('colCorrespondingEmail'), width: 26, type: 'text', value: (r) => r.correspondingEmail ?? '' },
          { header: t('colCreatedAt'), width: 18, type: 'datetime', value: (r) => r.createdAt },
          ...Array.from({ length: reviewSlots }, (_, i) => reviewColumns(i)).flat(),
          { header: t('colAverage'), width: 10, type: 'number', value: (r) => r.averageScore },
          { header: t('colChairOpinion'), width: 36, type: 'text', value: (r) => r.chairOpinion },
          { header: t('colFinalOpinion'), width: 36, type: 'text', value: (r) => r.finalOpinion },
          {
            header: t('colDecision'),
            width: 12,
            type: 'label',
            value: (r) => r.decision || '',
            label: (v) => (v ? labelOr(t, messages, `decision_${v}`, v) : ''),
          },
        ],
      }),
    ],
  };
}

/** The export of the management screen: every submission of the conference matching the filters, as a workbook. */
export async function exportSubmissions(
  db: Executor,
  { conferenceId, timeZone, filters, locale }: { conferenceId: number; timeZone: string; filters: AdminSubmissionFilters; locale: Locale },
): Promise<WorkbookSpec> {
  const [rows, choices] = await Promise.all([allAdminSubmissions(db, conferenceId, filters), submissionChoices(db, conferenceId)]);
  return submissionsWorkbook(rows, { locale, timeZone, ...choices });
}

/** The call's report types and categories with their labels (empty lists when the call is not configured). */
export async function submissionChoices(db: Executor, conferenceId: number) {
  const [config] = await db
    .select({ reportTypes: submissionConfig.reportTypes, categories: submissionConfig.categories })
    .from(submissionConfig)
    .where(eq(submissionConfig.conferenceId, conferenceId));
  return { reportTypes: config?.reportTypes ?? [], categories: config?.categories ?? [] };
}
