import { PROGRAMME_SESSION_TYPES, type ProgrammeSessionType } from '@/db/schema/programme';

/**
 * The public programme's address parameters: what the page reads (parseProgrammeFilters) and the one spelling of
 * them (programmeQuery). The server's anonymous page cache keys the programme by that spelling
 * (lib/server/public-pages.ts), so two addresses the page shows alike are one page, rendered once.
 * Kept apart from filter-programme.ts so that the server in front of Next.js imports the parameters alone.
 */

/** The public programme's filters, as the GET form sends them; anything unknown is dropped, never an error. */
export type ProgrammeFilters = {
  /** A day of the programme, 'all', or null for the first day. */
  day: string | null;
  themeId: number | null;
  roomId: number | null;
  type: ProgrammeSessionType | null;
  q: string;
};

const MAX_QUERY = 100;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';
const idOf = (value: string) => (/^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null);

/** Reads the filters from a page's search parameters; values that name nothing are ignored. */
export function parseProgrammeFilters(params: Record<string, string | string[] | undefined>): ProgrammeFilters {
  const day = first(params.day);
  const type = first(params.type);
  return {
    day: day === 'all' || /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null,
    themeId: idOf(first(params.theme)),
    roomId: idOf(first(params.room)),
    type: (PROGRAMME_SESSION_TYPES as readonly string[]).includes(type) ? (type as ProgrammeSessionType) : null,
    q: first(params.q).replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY),
  };
}

/**
 * The filters as the query string that asks for exactly them: only the parameters set, in name order, each once.
 * Read back by parseProgrammeFilters it gives the same filters.
 */
export function programmeQuery(filters: ProgrammeFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.day !== null) query.set('day', filters.day);
  if (filters.q) query.set('q', filters.q);
  if (filters.roomId !== null) query.set('room', String(filters.roomId));
  if (filters.themeId !== null) query.set('theme', String(filters.themeId));
  if (filters.type !== null) query.set('type', filters.type);
  return query;
}
