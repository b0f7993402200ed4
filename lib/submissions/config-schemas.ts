import { z } from 'zod';
import { EMPTY_LOCALIZED, zLocalized } from '@/lib/validation/localized';
import type { SubmissionChoice } from '@/db/schema/submissions';
import { localized, type Locale } from '@/lib/i18n/localized';
import { CURRENCIES } from '@/lib/fees/money';
import { UPLOAD_MAX_BYTES } from '@/lib/storage/file-types';
import { ZId, ZOptionalIsoDate } from '@/lib/validation/primitives';

/** The file types a call may ask for (each one the upload checker of lib/storage/file-types.ts knows). */
export const SUBMISSION_FILE_TYPES = ['pdf', 'doc', 'docx', 'ppt', 'pptx', 'xls', 'xlsx', 'zip', 'jpg', 'jpeg', 'png', 'txt'] as const;
/** The largest file a call may allow: the upload limit of spec §9 (20 MB). */
export const SUBMISSION_FILE_MAX_MB = Math.floor(UPLOAD_MAX_BYTES / (1024 * 1024));
/** Sessions nest at most this deep (a session, a sub-session, a topic). */
export const MAX_SESSION_DEPTH = 3;

/** Message keys under `validation` (zod messages) of this form: `contribute` + the name (validation stays flat). */
const m = (key: string) => `contribute${key[0].toUpperCase()}${key.slice(1)}`;

const whole = (min: number, max: number, message: string) =>
  z.coerce
    .number({ error: m(message) })
    .int(m(message))
    .min(min, m(message))
    .max(max, m(message));

const text = (max: number) => z.string().trim().max(max, 'tooLong');

/** One choice of a report-type or category list: a stable value and its names in both languages. */
export const ZSubmissionChoice = z.object({
  value: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, m('choiceValueInvalid')),
  label: zLocalized({ max: { zh: 60, en: 100 }, required: true, messages: { required: 'labelRequired' } }),
});

const choices = z
  .array(ZSubmissionChoice)
  .max(30, m('tooManyChoices'))
  .default([])
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((choice, i) => {
      const key = choice.value.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'value'], message: 'optionsDuplicate' });
      seen.add(key);
    });
  });

const fileTypes = z
  .array(z.enum(SUBMISSION_FILE_TYPES, { error: 'invalidChoice' }))
  .min(1, m('fileTypesRequired'))
  .max(SUBMISSION_FILE_TYPES.length)
  .transform((list) => [...new Set(list)]);

const fileSize = whole(1, SUBMISSION_FILE_MAX_MB, 'fileSizeRange');

/**
 * The call for papers as the organiser edits it (spec §2 /platform/config/contribute, §5). New
 * submissions from openDate to firstDeadline; changes until secondDeadline (not before the start,
 * not before the first deadline). `used` is not here: only the submission service moves it.
 */
export const ZCallConfig = z
  .object({
    enabled: z.boolean().default(false),
    notice: zLocalized({ max: 20000, rich: true }).default(EMPTY_LOCALIZED),
    openDate: ZOptionalIsoDate,
    firstDeadline: ZOptionalIsoDate,
    secondDeadline: ZOptionalIsoDate,
    /** 0 = no limit. */
    cap: whole(0, 1_000_000, 'capInvalid').default(0),
    perUserLimit: whole(0, 1000, 'perUserInvalid').default(0),
    reportTypes: choices,
    categories: choices,
    keywordsMin: whole(0, 20, 'keywordsRange').default(1),
    keywordsMax: whole(1, 20, 'keywordsRange').default(8),
    abstractMaxChars: whole(100, 20000, 'abstractMaxRange').default(3000),
    /** A new call asks for the abstract file and the full text (spec §5: both required); the organiser may relax either. */
    abstractFileRequired: z.boolean().default(true),
    abstractFileTypes: fileTypes.default(['pdf', 'doc', 'docx']),
    abstractFileMaxMb: fileSize.default(10),
    fullTextRequired: z.boolean().default(true),
    fullTextTypes: fileTypes.default(['pdf', 'doc', 'docx']),
    fullTextMaxMb: fileSize.default(SUBMISSION_FILE_MAX_MB),
    /** Integer minor units; 0 = no fee. */
    feeMinor: whole(0, 100_000_000, 'feeInvalid').default(0),
    feeCurrency: z.enum(CURRENCIES, { error: 'invalidChoice' }).default('CNY'),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message: m(message) });
    if (v.enabled && !v.openDate) issue('openDate', 'dateRequired');
    if (v.enabled && !v.firstDeadline) issue('firstDeadline', 'dateRequired');
    if (v.secondDeadline && !v.firstDeadline) issue('firstDeadline', 'dateRequired');
    if (v.openDate && v.firstDeadline && v.firstDeadline < v.openDate) issue('firstDeadline', 'firstBeforeOpen');
    if (v.secondDeadline && v.openDate && v.secondDeadline < v.openDate) issue('secondDeadline', 'secondBeforeOpen');
    else if (v.secondDeadline && v.firstDeadline && v.secondDeadline < v.firstDeadline) issue('secondDeadline', 'secondBeforeFirst');
    if (v.keywordsMin > v.keywordsMax) issue('keywordsMax', 'keywordsOrder');
    if (v.cap > 0 && v.perUserLimit > v.cap) issue('perUserLimit', 'perUserAboveCap');
  });
export type CallConfigInput = z.input<typeof ZCallConfig>;

/** The label of a report type or category in `locale`; the stored code when the call no longer has it. */
export function choiceLabel(list: readonly SubmissionChoice[], value: string, locale: Locale): string {
  return localized(list.find((c) => c.value === value)?.label, locale) || value;
}
export type CallConfig = z.output<typeof ZCallConfig>;

/** The settings of a conference that has saved none (the column defaults of submission_config). */
export const DEFAULT_CALL_CONFIG: CallConfig = ZCallConfig.parse({});

/**
 * Where the call stands on `today` (YYYY-MM-DD in the conference's time zone, see todayIn):
 * 'closed' (switched off or no dates), 'notOpen' (before openDate), 'open' (new submissions until
 * firstDeadline, inclusive), 'firstPassed' (no new submissions; changes and resubmissions until
 * secondDeadline, inclusive), 'secondPassed' (nothing more).
 */
export type CallState = 'closed' | 'notOpen' | 'open' | 'firstPassed' | 'secondPassed';

export function callState(config: Pick<CallConfig, 'enabled' | 'openDate' | 'firstDeadline' | 'secondDeadline'>, today: string): CallState {
  if (!config.enabled || !config.openDate || !config.firstDeadline) return 'closed';
  if (today < config.openDate) return 'notOpen';
  if (today <= config.firstDeadline) return 'open';
  if (config.secondDeadline && today <= config.secondDeadline) return 'firstPassed';
  return 'secondPassed';
}

const sessionName = zLocalized({ max: { zh: 100, en: 200 }, required: true, messages: { required: m('sessionNameRequired') } });
/**
 * A code is the prefix followed by the conference-wide number (lib/submissions/submit-submission.ts).
 * A prefix never ends with a digit, so a code splits one way only: "S1" + "0001" and "S" + "10001"
 * can never both exist.
 */
const prefix = text(10)
  .regex(/^([A-Za-z0-9_-]*[A-Za-z_-])?$/, 'sessionPrefixInvalid')
  .default('');

/** A new session/theme: its names, its code prefix, under a parent (null = top level); it goes last among its siblings. */
export const ZSessionInput = z.object({
  parentId: ZId.nullable().default(null),
  name: sessionName,
  prefix,
});
export type SessionInput = z.input<typeof ZSessionInput>;

/** Renaming a session (names and prefix); where it sits is changed by a move. */
export const ZSessionUpdate = z.object({ name: sessionName, prefix });
export type SessionUpdate = z.input<typeof ZSessionUpdate>;

/** Moving a session under `parentId` (null = top level), to `position` among its new siblings (0 = first). */
export const ZSessionMove = z.object({
  parentId: ZId.nullable().default(null),
  position: whole(0, 9999, 'positionInvalid'),
});
export type SessionMove = z.input<typeof ZSessionMove>;
