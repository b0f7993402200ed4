import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { conference, conferenceMember, user } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { findConferenceByHost } from '@/lib/tenancy/resolve-conference';
import { uploadBanner } from './banner';
import { decideDomain, domainsOf, pendingDomains } from './domains';
import { addManager, findWebsiteSettings, listManagers, removeManager, saveWebsiteSettings } from './website-settings';
import { ZWebsiteConfig } from './website-schemas';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe.each(testBackends())('website settings on %s', (backend) => {
  let database: Database;
  let root: string;
  const confs: (typeof conference.$inferSelect)[] = [];
  const [owner, colleague] = [randomUUID(), randomUUID()];

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'confhub-banner-'));
    process.env.UPLOAD_DIR = root;
    database = await createTestDatabase(backend);
    for (const slug of ['one', 'two']) {
      const [row] = await database.db
        .insert(conference)
        .values({ slug, title: { zh: slug, en: slug }, shortTitle: { zh: slug, en: slug } })
        .returning();
      confs.push(row);
    }
    await database.db.insert(user).values([
      { id: owner, name: 'Owner', email: 'owner@example.org' },
      { id: colleague, name: 'Colleague', email: 'colleague@example.org' },
    ]);
    await database.db.insert(conferenceMember).values({ conferenceId: confs[0].id, userId: owner, role: 'manager' });
  });
  afterAll(async () => {
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const values = (extra: Record<string, unknown> = {}) =>
    ZWebsiteConfig.parse({
      ...{
        title: { zh: '第一届会议', en: 'First Conference' },
        title2: { zh: '', en: '' },
        title3: { zh: '', en: '' },
        shortTitle: { zh: '一', en: 'One' },
      },
      ...{
        department: { zh: '科研网络', en: 'Research Network' },
        discipline: '07',
        city: { zh: '上海', en: 'Shanghai' },
        address: { zh: '', en: '' },
        languageType: 3,
      },
      ...extra,
    });

  it('saves the website config with its domains; an approved domain then selects the conference; another conference cannot take it', async () => {
    await saveWebsiteSettings(
      database.db,
      confs[0].id,
      values({
        domains: ['Conf.Example.org'],
        contacts: [{ name: { zh: '王老师', en: 'Ms Wang' }, phone: '010-1234', email: 'wang@example.org' }],
        recordNumber: '沪ICP备1号',
      }),
    );
    const [saved] = await database.db.select().from(conference).where(eq(conference.id, confs[0].id));
    expect(await findWebsiteSettings(database.db, saved)).toMatchObject({
      discipline: '07',
      domains: ['conf.example.org'],
      recordNumber: '沪ICP备1号',
      contacts: [{ name: { en: 'Ms Wang' } }],
    });
    // Nobody's typing makes a host theirs: the domain waits for a platform administrator.
    expect(await findConferenceByHost(database.db, 'conf.example.org')).toBeNull();
    expect(await domainsOf(database.db, confs[0].id)).toEqual([{ domain: 'conf.example.org', status: 'pending' }]);
    expect((await pendingDomains(database.db)).map((d) => d.domain)).toEqual(['conf.example.org']);
    await decideDomain(database.db, { domain: 'conf.example.org', approve: true, adminId: owner });
    expect((await findConferenceByHost(database.db, 'conf.example.org'))?.id).toBe(confs[0].id);
    await expect(decideDomain(database.db, { domain: 'conf.example.org', approve: false, adminId: owner })).rejects.toMatchObject({
      code: 'DOMAIN_NOT_PENDING',
    });
    // Saving again keeps the approval of a domain still listed; a new one waits.
    await saveWebsiteSettings(database.db, confs[0].id, values({ domains: ['conf.example.org', 'conf2.example.org'] }));
    expect(await domainsOf(database.db, confs[0].id)).toEqual([
      { domain: 'conf.example.org', status: 'approved' },
      { domain: 'conf2.example.org', status: 'pending' },
    ]);
    await decideDomain(database.db, { domain: 'conf2.example.org', approve: false, adminId: owner });
    expect(await findConferenceByHost(database.db, 'conf2.example.org')).toBeNull();
    await expect(saveWebsiteSettings(database.db, confs[1].id, values({ domains: ['conf.example.org'] }))).rejects.toMatchObject({
      code: 'DOMAIN_TAKEN',
    });
    expect((await database.db.select().from(conference).where(eq(conference.id, confs[1].id)))[0].title.en).toBe('two');
    const issues = (extra: Record<string, unknown>) =>
      (ZWebsiteConfig.safeParse({ ...values(), ...extra }).error?.issues ?? []).map((i) => i.message);
    expect(issues({ domains: ['not a domain'] })).toContain('domainInvalid');
    expect(issues({ domains: ['two.localhost'] })).toContain('domainReserved');
    expect(issues({ domains: ['localhost'] })).toContain('domainInvalid');
    expect(issues({ domains: ['127.0.0.1'] })).toContain('domainInvalid');
    expect(issues({ domains: ['a.example.org', 'a.example.org'] })).toContain('domainDuplicate');
    expect(issues({ contacts: [{ name: { zh: '王', en: 'Wang' }, phone: '', email: 'nope' }] })).toContain('emailInvalid');
    expect(issues({ discipline: '99' })).toContain('invalidChoice');
    expect(issues({ timeZone: 'Mars/Olympus' })).toContain('timeZoneInvalid');
    await saveWebsiteSettings(database.db, confs[1].id, values({ timeZone: 'Europe/Berlin' }));
    const [berlin] = await database.db.select().from(conference).where(eq(conference.id, confs[1].id));
    expect(berlin.timeZone).toBe('Europe/Berlin');
    expect((await findWebsiteSettings(database.db, berlin)).timeZone).toBe('Europe/Berlin');
  });

  it('refuses the platform’s own hosts as a domain, and changes nothing', async () => {
    process.env.PLATFORM_HOSTS = 'confhub.example.net';
    try {
      for (const domain of ['confhub.example.net', 'one.localhost']) {
        const input = { ...values(), domains: [domain] };
        await expect(saveWebsiteSettings(database.db, confs[1].id, input)).rejects.toMatchObject({ code: 'DOMAIN_RESERVED' });
      }
      expect(await domainsOf(database.db, confs[1].id)).toEqual([]);
    } finally {
      delete process.env.PLATFORM_HOSTS;
    }
  });

  it('adds administrators who are platform users and not yet administrators; the last one stays', async () => {
    await expect(addManager(database.db, confs[0].id, 'nobody@example.org')).rejects.toMatchObject({ code: 'NOT_PLATFORM_USER' });
    await expect(addManager(database.db, confs[0].id, 'owner@example.org')).rejects.toMatchObject({ code: 'ALREADY_MANAGER' });
    await addManager(database.db, confs[0].id, ' Colleague@Example.org ');
    expect((await listManagers(database.db, confs[0].id)).map((m) => m.email)).toEqual(['colleague@example.org', 'owner@example.org']);
    await removeManager(database.db, confs[0].id, owner);
    await expect(removeManager(database.db, confs[0].id, colleague)).rejects.toMatchObject({ code: 'LAST_MANAGER' });
    expect(await listManagers(database.db, confs[1].id)).toEqual([]);
  });

  it('the banner is a jpg or png up to 10 MB, stored in the public area', async () => {
    await expect(uploadBanner(database.db, { conferenceId: confs[0].id, userId: owner }, 'banner.gif', PNG)).rejects.toMatchObject({
      code: 'UPLOAD_TYPE',
    });
    await expect(
      uploadBanner(database.db, { conferenceId: confs[0].id, userId: owner }, 'banner.png', new Uint8Array(10 * 1024 * 1024 + 1)),
    ).rejects.toMatchObject({
      code: 'BANNER_TOO_LARGE',
    });
    const { name } = await uploadBanner(database.db, { conferenceId: confs[0].id, userId: owner }, 'banner.png', PNG);
    expect(existsSync(path.join(root, String(confs[0].id), 'public', name))).toBe(true);
    expect((await database.db.select().from(conference).where(eq(conference.id, confs[0].id)))[0].banner).toBe(name);
  });
});
