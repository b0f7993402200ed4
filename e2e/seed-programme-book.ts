import type { Database } from '@/db/client';
import { conference, conferenceMember } from '@/db/schema';
import { PUBLISHED } from '@/lib/conferences/status';
import { plantProgrammeVersion } from '@/testing/fixtures/programme';
import { PROGRAMME_BOOK } from './support/programme-book-data';

/** The book-of-abstracts test's conference with its manager and one published programme version (its book still pending). */
export async function seedProgrammeBook(database: Database, account: (email: string, name?: string) => Promise<string>): Promise<void> {
  const manager = await account(PROGRAMME_BOOK.manager, 'Abstracts Manager');
  const [conf] = await database.db
    .insert(conference)
    .values({
      slug: PROGRAMME_BOOK.slug,
      status: PUBLISHED,
      title: PROGRAMME_BOOK.title,
      shortTitle: PROGRAMME_BOOK.title,
      city: { zh: '杭州', en: 'Hangzhou' },
      startDate: '2030-10-12',
      endDate: '2030-10-13',
      createdBy: manager,
    })
    .returning({ id: conference.id });
  await database.db.insert(conferenceMember).values({ conferenceId: conf.id, userId: manager, role: 'manager' });
  await plantProgrammeVersion(database, conf.id);
}
