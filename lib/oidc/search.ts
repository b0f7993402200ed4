import type { DB } from '@/db/client';
import { safeReturnPath } from '@/lib/http/return-path';
import type { Locale } from '@/lib/i18n/localized';
import { listOrganisations, type IdentityProviderRow } from './queries';

/** An organisation list entry (spec §3: zname, ename, entityId, redirectUrl), with what the login side shows. */
export type OrganisationEntry = {
  slug: string;
  zname: string;
  ename: string;
  entityId: string;
  federation: string;
  /** Opens the login at this organisation (our begin address, which goes on to its authorization endpoint). */
  redirectUrl: string;
  logoUrl: string;
  homeUrl: string;
  shortcutOrder: number | null;
};

/** The address that begins a login at an organisation (GET /api/base/oauth/begin). */
export function beginUrl(slug: string, returnPath: string | null | undefined, locale: Locale): string {
  const query = new URLSearchParams({ provider: slug, return: safeReturnPath(returnPath) ?? '/', locale });
  return `/api/base/oauth/begin?${query}`;
}

function entry(row: IdentityProviderRow, returnPath: string | null | undefined, locale: Locale): OrganisationEntry {
  return {
    slug: row.slug,
    zname: row.nameZh,
    ename: row.nameEn,
    entityId: row.entityId,
    federation: row.federation,
    redirectUrl: beginUrl(row.slug, returnPath, locale),
    logoUrl: row.logoUrl,
    homeUrl: row.homeUrl,
    shortcutOrder: row.shortcutOrder,
  };
}

/**
 * The organisation search of spec §7: the enabled organisations of the federations asked for
 * ('edugain,local' or 'edugain') whose Chinese or English name or entityId holds the query (any
 * case), shortcuts first. `returnPath` is where the login comes back to.
 */
export async function searchOrganisations(
  db: DB,
  input: { query: string; selectInput: 'edugain,local' | 'edugain'; returnPath?: string | null; locale: Locale },
): Promise<OrganisationEntry[]> {
  const federations = new Set(input.selectInput.split(','));
  const needle = input.query.trim().toLowerCase();
  const rows = await listOrganisations(db);
  return rows
    .filter((row) => federations.has(row.federation))
    .filter((row) => !needle || [row.nameZh, row.nameEn, row.entityId].some((v) => v.toLowerCase().includes(needle)))
    .map((row) => entry(row, input.returnPath, input.locale));
}
