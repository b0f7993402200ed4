import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { conference, conferenceDomain } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { findConferenceByHost } from './resolve-conference';

describe.each(testBackends())('host → conference on %s', (backend) => {
  let database: Database;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    const make = (slug: string, isDefault = false) =>
      database.db
        .insert(conference)
        .values({ slug, isDefault, title: { zh: slug, en: slug }, shortTitle: { zh: slug, en: slug } })
        .returning();
    ids.main = (await make('main', true))[0].id;
    ids.bio = (await make('bio'))[0].id;
    await database.db.insert(conferenceDomain).values([
      { domain: 'bio2026.example.org', conferenceId: ids.bio, status: 'approved' },
      { domain: 'pending.example.org', conferenceId: ids.bio, status: 'pending' },
      // Rows a takeover would have written before domains were checked: they must not win.
      { domain: 'main.localhost', conferenceId: ids.bio, status: 'approved' },
      { domain: 'localhost', conferenceId: ids.bio, status: 'approved' },
    ]);
  });
  afterAll(() => database?.close());

  it('an approved domain selects its conference; a pending one selects nothing', async () => {
    expect((await findConferenceByHost(database.db, 'BIO2026.example.org:443'))?.id).toBe(ids.bio);
    expect(await findConferenceByHost(database.db, 'pending.example.org')).toBeNull();
  });
  it('no domain stands in for a platform host', async () => {
    expect((await findConferenceByHost(database.db, 'main.localhost:3000'))?.id).toBe(ids.main);
    expect((await findConferenceByHost(database.db, 'localhost'))?.id).toBe(ids.main);
    process.env.PLATFORM_HOSTS = 'bio2026.example.org';
    try {
      expect((await findConferenceByHost(database.db, 'bio2026.example.org'))?.id).toBe(ids.main);
    } finally {
      delete process.env.PLATFORM_HOSTS;
    }
  });
  it('<slug>.localhost selects by slug', async () => {
    expect((await findConferenceByHost(database.db, 'bio.localhost:3000'))?.id).toBe(ids.bio);
    expect(await findConferenceByHost(database.db, 'nothing.localhost:3000')).toBeNull();
  });
  it('bare localhost gets the default conference; an unknown host gets none', async () => {
    expect((await findConferenceByHost(database.db, 'localhost:3000'))?.id).toBe(ids.main);
    expect((await findConferenceByHost(database.db, '127.0.0.1'))?.id).toBe(ids.main);
    expect(await findConferenceByHost(database.db, 'evil.example.com')).toBeNull();
  });
});
