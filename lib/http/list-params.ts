type SearchParams = Record<string, string | string[] | undefined>;
type Parser<Q> = { safeParse(value: unknown): { success: true; data: Q } | { success: false }; parse(value: unknown): Q };

/**
 * A paged admin list's filters, read from a page address (anything malformed falls back to the
 * defaults) and written back into its links: the filters named, and the page when past the first.
 */
export function pagedListParams<Q extends { page: number }>(schema: Parser<Q>, base: string, filters: readonly (keyof Q & string)[]) {
  const queryFrom = (params: SearchParams): Q => {
    const pick = (name: string) => {
      const value = params[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const raw = Object.fromEntries([...filters, 'page'].map((name) => [name, pick(name)]).filter(([, v]) => v !== undefined));
    const parsed = schema.safeParse(raw);
    return parsed.success ? parsed.data : schema.parse({});
  };
  /** The filters as a query string (no page), with `extra` (the export's language, a detail id). */
  const search = (query: Partial<Q>, extra: Record<string, string> = {}): URLSearchParams => {
    const params = new URLSearchParams();
    for (const name of filters) if (query[name]) params.set(name, String(query[name]));
    for (const [k, v] of Object.entries(extra)) params.set(k, v);
    return params;
  };
  const href = (query: Partial<Q>, extra: Record<string, string> = {}): string => {
    const params = search(query, { ...(query.page && query.page > 1 ? { page: String(query.page) } : {}), ...extra });
    const text = params.toString();
    return text ? `${base}?${text}` : base;
  };
  return { queryFrom, search, href };
}
