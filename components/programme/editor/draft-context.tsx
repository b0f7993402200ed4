'use client';

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { showApiError } from '@/components/ui/form-errors';
import { useApi, useAppLocale } from '@/components/ui/use-api';
import { dayAndTimeOf } from '@/lib/programme/clock';
import type { ProgrammeConflict } from '@/lib/programme/conflicts';
import type { DraftContribution, DraftSession, ProgrammeDraft } from '@/lib/programme/queries';
import { localized, type Locale, type LocalizedText } from '@/lib/i18n/localized';

/** The programme API's base path. */
export const PROGRAMME_API = '/conference/manage/programme';

type Call = { method?: string; body?: unknown };

export type DraftContextValue = {
  draft: ProgrammeDraft;
  locale: Locale;
  busy: boolean;
  /** Sends one change, then reads the draft (and its conflicts) again; false when refused (the message is shown). */
  change: (path: string, init: Call) => Promise<boolean>;
  /** Like `change`, but lets the caller show the refusal (a form puts it on its fields). */
  changeOrThrow: (path: string, init: Call) => Promise<unknown>;
  text: (value: LocalizedText | null | undefined) => string;
  /** "HH:MM" on the conference's clock. */
  timeOf: (iso: string | null) => string;
  dayOf: (iso: string | null) => string;
  conflictsOfSession: (id: number) => ProgrammeConflict[];
  conflictsOfContribution: (id: number) => ProgrammeConflict[];
  sessionById: Map<number, DraftSession>;
  contributionsOf: (sessionId: number | null) => DraftContribution[];
};

const DraftContext = createContext<DraftContextValue | null>(null);

export function useDraft(): DraftContextValue {
  const value = useContext(DraftContext);
  if (!value) throw new Error('useDraft outside DraftProvider');
  return value;
}

/** Holds the draft the editor shows and sends every change through the programme API. */
export function DraftProvider({ initial, children }: { initial: ProgrammeDraft; children: ReactNode }) {
  const api = useApi();
  const locale = useAppLocale();
  const t = useTranslations('programmeEditor');
  const [draft, setDraft] = useState(initial);
  const [busy, setBusy] = useState(false);

  const changeOrThrow = useCallback(
    async (path: string, init: Call) => {
      setBusy(true);
      try {
        const result = await api<unknown>(`${PROGRAMME_API}${path}`, init);
        setDraft(await api<ProgrammeDraft>(PROGRAMME_API));
        return result;
      } finally {
        setBusy(false);
      }
    },
    [api],
  );
  const change = useCallback(
    async (path: string, init: Call) => {
      try {
        await changeOrThrow(path, init);
        return true;
      } catch (error) {
        showApiError(error);
        return false;
      }
    },
    [changeOrThrow],
  );

  const value = useMemo<DraftContextValue>(() => {
    const sessionById = new Map(draft.sessions.map((s) => [s.id, s]));
    const of = (pick: (c: ProgrammeConflict) => number[]) => (id: number) => draft.conflicts.filter((c) => pick(c).includes(id));
    return {
      draft,
      locale,
      busy,
      change,
      changeOrThrow,
      text: (v) => localized(v, locale) || t('untitled'),
      timeOf: (iso) => (iso ? dayAndTimeOf(iso, draft.timeZone).time : ''),
      dayOf: (iso) => (iso ? dayAndTimeOf(iso, draft.timeZone).day : ''),
      conflictsOfSession: of((c) => c.sessionIds),
      conflictsOfContribution: of((c) => c.contributionIds),
      sessionById,
      contributionsOf: (sessionId) => draft.contributions.filter((c) => c.sessionId === sessionId),
    };
  }, [draft, locale, busy, change, changeOrThrow, t]);

  return <DraftContext.Provider value={value}>{children}</DraftContext.Provider>;
}
