import { eq } from 'drizzle-orm';
import type { DB } from '@/db/client';
import {
  certificate,
  certificateSettings,
  checkin,
  checkinList,
  conference,
  conferenceMember,
  conferenceRegistration,
  userProfile,
} from '@/db/schema';
import { PUBLISHED } from '@/lib/conferences/status';
import { canonicalCode } from '@/lib/certificates/codes';
import { E2E } from './support/fixtures-data';

/**
 * The certificates' conference (e2e/onsite-docs.spec.ts): over since 2025-10-12, with its bilingual certificate text,
 * its door, and one attendee per language checked in there; the Chinese attendee's certificate already carries
 * E2E.certCode, so the public verification page has a known genuine code.
 */
export async function seedCertificates(db: DB, account: (email: string, name?: string) => Promise<string>): Promise<void> {
  const [conf] = await db
    .insert(conference)
    .values({
      slug: E2E.certSlug,
      status: PUBLISHED,
      title: { zh: '2025 数据科学研讨会', en: '2025 Data Science Workshop' },
      shortTitle: { zh: '数据研讨会', en: 'Data Workshop' },
      city: { zh: '上海', en: 'Shanghai' },
      startDate: '2025-10-10',
      endDate: '2025-10-12',
    })
    .returning({ id: conference.id });
  await db
    .insert(conferenceMember)
    .values({ conferenceId: conf.id, userId: await account(E2E.certManager, 'Cert Manager'), role: 'manager' });
  await db.insert(certificateSettings).values({
    conferenceId: conf.id,
    title: { zh: '参会证明', en: 'Certificate of Attendance' },
    body: {
      zh: '兹证明 {organisation} 的 {name} 于 {dates} 在{city}参加了 {conference}。',
      en: 'This is to certify that {name} of {organisation} attended {conference} in {city}, {dates}.',
    },
    signatory: { zh: '组织委员会', en: 'The Organising Committee' },
  });
  const [door] = await db.insert(checkinList).values({ conferenceId: conf.id, kind: 'door' }).returning({ id: checkinList.id });
  let n = 0;
  for (const [locale, person] of Object.entries(E2E.certAttendees) as ['zh' | 'en', { email: string; name: string; latinName: string }][]) {
    const userId = await account(person.email, person.name);
    if (person.latinName) {
      const [given, family] = person.latinName.split(' ');
      await db.update(userProfile).set({ firstName: given, lastName: family }).where(eq(userProfile.userId, userId));
    }
    const [registration] = await db
      .insert(conferenceRegistration)
      .values({
        conferenceId: conf.id,
        userId,
        code: `CERTS-${String(++n).padStart(4, '0')}`,
        answers: { name: person.name, unit: locale === 'zh' ? '复旦大学' : 'University of Oxford', country: locale === 'zh' ? 'CN' : 'GB' },
        locale,
      })
      .returning({ id: conferenceRegistration.id });
    await db.insert(checkin).values({ conferenceId: conf.id, listId: door.id, registrationId: registration.id, method: 'search' });
    if (locale === 'zh') {
      await db.insert(certificate).values({ conferenceId: conf.id, registrationId: registration.id, code: canonicalCode(E2E.certCode)! });
    }
  }
}
