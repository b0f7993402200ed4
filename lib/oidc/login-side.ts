import type { DB } from '@/db/client';
import { safeReturnPath } from '@/lib/http/return-path';
import type { Locale } from '@/lib/i18n/localized';
import { findCentral } from './queries';
import { searchOrganisations, type OrganisationEntry } from './search';

export type LoginSide = { organisations: OrganisationEntry[]; centralUrl: string | null };

/** The address that begins a central login (or, without a central system, leads to /conferencelogin). */
export function centralBeginUrl(returnPath: string | null | undefined, locale: Locale, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ kind: 'central', return: safeReturnPath(returnPath) ?? '/', locale, ...extra });
  return `/api/base/oauth/begin?${query}`;
}

/**
 * What the login pages' organisation side shows: every enabled organisation, and the central login
 * when there is one. Without a `returnPath` the account lands on the page of its role (landingPathFor).
 */
export async function loginSide(db: DB, returnPath: string | null, locale: Locale): Promise<LoginSide> {
  const [organisations, central] = await Promise.all([
    searchOrganisations(db, { query: '', selectInput: 'edugain,local', returnPath, locale }),
    findCentral(db),
  ]);
  return { organisations, centralUrl: central ? centralBeginUrl(returnPath, locale) : null };
}
