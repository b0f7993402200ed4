import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { programmeContribution, type ProgrammeContributionKind } from '@/db/schema';

/**
 * Programme codes (unique per conference): by default a prefix and a number, `OPT-01`, `OPT-02`… — the call's theme
 * prefix for a submission, a letter for a hand-added contribution. Used under the programme lock (lock.ts), so the
 * codes it hands out are free when written.
 */

const HAND_PREFIX: Record<Exclude<ProgrammeContributionKind, 'submission'>, string> = {
  keynote: 'K',
  invited: 'I',
  panel: 'PANEL',
  other: 'X',
};
/** A theme without a prefix. */
const THEME_FALLBACK = 'T';

export function prefixFor(kind: ProgrammeContributionKind, themePrefix: string | null): string {
  if (kind !== 'submission') return HAND_PREFIX[kind];
  const clean = (themePrefix ?? '').replace(/[^A-Za-z0-9_-]/g, '').slice(0, 30);
  return clean || THEME_FALLBACK;
}

export type CodeAllocator = { next: (prefix: string) => string };

/** Loads the conference's codes once and hands out the next free `<prefix>-<nn>` for each prefix. */
export async function codeAllocator(tx: Executor, conferenceId: number): Promise<CodeAllocator> {
  const rows = await tx
    .select({ code: programmeContribution.code })
    .from(programmeContribution)
    .where(eq(programmeContribution.conferenceId, conferenceId));
  const taken = new Set(rows.map((r) => r.code.toLowerCase()));
  const counters = new Map<string, number>();
  return {
    next(prefix) {
      let n = counters.get(prefix) ?? 0;
      let code: string;
      do {
        n += 1;
        code = `${prefix}-${String(n).padStart(2, '0')}`;
      } while (taken.has(code.toLowerCase()));
      counters.set(prefix, n);
      taken.add(code.toLowerCase());
      return code;
    },
  };
}
