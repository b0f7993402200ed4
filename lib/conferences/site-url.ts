/**
 * Where a conference's website answers, seen from the host of the current request: its first
 * configured domain, else `<slug>.localhost` on the same port (development and tests).
 */
export function siteUrl(slug: string, domains: string[], requestHost: string | null): string {
  if (domains.length) return `https://${domains[0]}`;
  const port = /:(\d+)$/.exec(requestHost ?? '')?.[1];
  return `http://${slug}.localhost${port ? `:${port}` : ''}`;
}
