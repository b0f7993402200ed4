import type { DB } from '@/db/client';
import { conference, conferenceDomain } from '@/db/schema';
import { PUBLISHED } from '@/lib/conferences/status';
import { E2E } from './support/fixtures-data';

/**
 * e2e/sso.spec.ts: two published conference sites under the platform (`ssoa.localhost`, `ssob.localhost`), one on its
 * own approved domain (`ssoconf.test`, which the spec's browser resolves to loopback), and the accounts that sign in.
 */
export async function seedSso(db: DB, account: (email: string, name?: string) => Promise<string>): Promise<void> {
  const names: Record<string, [string, string]> = {
    ssoa: ['甲会议', 'Conference A'],
    ssob: ['乙会议', 'Conference B'],
    [E2E.sso.domainSlug]: ['自有域名会议', 'Own Domain Conference'],
  };
  for (const [slug, [zh, en]] of Object.entries(names)) {
    const [row] = await db
      .insert(conference)
      .values({ slug, status: PUBLISHED, title: { zh, en }, shortTitle: { zh, en } })
      .returning({ id: conference.id });
    if (slug === E2E.sso.domainSlug)
      await db.insert(conferenceDomain).values({ domain: E2E.sso.domain, conferenceId: row.id, status: 'approved' });
  }
  for (const email of Object.values(E2E.sso.users)) await account(email, 'SSO Tester');
}
