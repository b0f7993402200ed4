import type { LocalizedText } from '@/lib/i18n/localized';
import type { CallForPapers } from './config';
import type { CallState } from './config-schemas';
import { createRefusal } from './permissions';
import { callRules, selectableSessions } from './queries';
import type { CallRules } from './schemas';

/** The call for papers as an author sees it: dates, notice, choices, file rules, fee, and whether a new submission is possible. */
export type AuthorCall = {
  state: CallState;
  /** The refusal a new submission would get now (an error code), or null. */
  createRefusal: string | null;
  notice: LocalizedText;
  openDate: string;
  firstDeadline: string;
  secondDeadline: string;
  perUserLimit: number;
  /** No place left under the cap (0 = no cap). */
  full: boolean;
  sessions: { id: number; path: LocalizedText[] }[];
  reportTypes: { value: string; label: LocalizedText }[];
  categories: { value: string; label: LocalizedText }[];
  abstractFileTypes: string[];
  abstractFileMaxMb: number;
  fullTextTypes: string[];
  fullTextMaxMb: number;
  feeMinor: number;
  feeCurrency: string;
  rules: CallRules;
};

export function authorCall(call: CallForPapers, state: CallState): AuthorCall {
  const full = call.cap > 0 && call.used >= call.cap;
  return {
    state,
    createRefusal: createRefusal(state) ?? (full ? 'SUBMISSION_LIMIT' : null),
    notice: call.notice,
    openDate: call.openDate,
    firstDeadline: call.firstDeadline,
    secondDeadline: call.secondDeadline,
    perUserLimit: call.perUserLimit,
    full,
    sessions: selectableSessions(call).map((s) => ({ id: s.id, path: s.path })),
    reportTypes: call.reportTypes,
    categories: call.categories,
    abstractFileTypes: call.abstractFileTypes,
    abstractFileMaxMb: call.abstractFileMaxMb,
    fullTextTypes: call.fullTextTypes,
    fullTextMaxMb: call.fullTextMaxMb,
    feeMinor: call.feeMinor,
    feeCurrency: call.feeCurrency,
    rules: callRules(call),
  };
}
