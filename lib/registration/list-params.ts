import { ZRegistrantQuery, type RegistrantFilters, type RegistrantQuery } from './registrants';

type SearchParams = Record<string, string | string[] | undefined>;

/** The list's filters from a page address; anything malformed falls back to its default. */
export function registrantQueryFrom(params: SearchParams): RegistrantQuery & { invalidDate: boolean } {
  const pick = (name: string) => {
    const value = params[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const raw = {
    q: pick('q') ?? '',
    from: pick('from') ?? '',
    to: pick('to') ?? '',
    pay: pick('pay') ?? '',
    fee: pick('fee') ?? '',
    page: pick('page') ?? '1',
  };
  const parsed = ZRegistrantQuery.safeParse(raw);
  if (parsed.success) return { ...parsed.data, invalidDate: false };
  const fallback = ZRegistrantQuery.parse({ q: raw.q.slice(0, 100) });
  return { ...fallback, invalidDate: true };
}

/** The address of the list with these filters (page 1 unless given). */
export function registrantListHref(base: string, query: RegistrantFilters & { page?: number }): string {
  const search = new URLSearchParams();
  if (query.q) search.set('q', query.q);
  if (query.from) search.set('from', query.from);
  if (query.to) search.set('to', query.to);
  if (query.pay) search.set('pay', query.pay);
  if (query.fee) search.set('fee', String(query.fee));
  if (query.page && query.page > 1) search.set('page', String(query.page));
  const text = search.toString();
  return text ? `${base}?${text}` : base;
}
