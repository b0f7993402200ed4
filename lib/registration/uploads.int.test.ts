import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHED } from '@/lib/conferences/status';
import type { Database } from '@/db/client';
import { conference, registrationConfig, uploadedFile, user } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { describeAnswers } from './describe-answers';
import { parseAnswers } from './answers';
import { loadFields, saveCommonSwitches, saveCustomField } from './field-config';
import { ZFieldInput } from './fields';
import { registerParticipant } from './register-participant';
import { UPLOAD_MAX_BYTES } from '@/lib/storage/file-types';
import { removeStaleUploads } from '@/lib/storage/intake';
import { originalFileNames, saveTempUpload } from './uploads';

const PDF = new TextEncoder().encode('%PDF-1.4\n% a tiny test document\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe.each(testBackends())('uploads on %s', (backend) => {
  let database: Database;
  let conf: typeof conference.$inferSelect;
  let root: string;
  const [alice, bob] = [randomUUID(), randomUUID()];
  let paper: string;
  let city: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'confhub-uploads-'));
    process.env.UPLOAD_DIR = root;
    database = await createTestDatabase(backend);
    [conf] = await database.db
      .insert(conference)
      .values({ slug: 'up', title: { zh: '会', en: 'C' }, shortTitle: { zh: '会', en: 'C' }, status: PUBLISHED })
      .returning();
    await database.db.insert(registrationConfig).values({ conferenceId: conf.id, startDate: '2000-01-01', endDate: '2999-12-31' });
    await database.db.insert(user).values([
      { id: alice, name: 'Alice', email: 'alice@example.org' },
      { id: bob, name: 'Bob', email: 'bob@example.org' },
    ]);
    paper = await saveCustomField(
      database.db,
      conf.id,
      ZFieldInput.parse({ type: 'file', label: { zh: '论文', en: 'Paper' }, required: true }),
    );
    city = await saveCustomField(
      database.db,
      conf.id,
      ZFieldInput.parse({ type: 'city', label: { zh: '所在城市', en: 'City' }, required: true }),
    );
  });
  afterAll(async () => {
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const upload = async (userId: string, fileName: string, data: Uint8Array, field = paper) =>
    saveTempUpload(database.db, { conferenceId: conf.id, userId, fields: await loadFields(database.db, conf.id), field, fileName, data });

  it('accepts files whose content matches their type, within 20 MB, for a file item', async () => {
    const saved = await upload(alice, 'C:\\papers\\论文 final.pdf', PDF);
    expect(saved.originalName).toBe('论文 final.pdf');
    expect(saved.name).toMatch(/^[a-f0-9]{32}\.pdf$/);
    expect(existsSync(path.join(root, String(conf.id), 'temp', saved.name))).toBe(true);
    await expect(upload(alice, 'fake.pdf', PNG)).rejects.toMatchObject({ code: 'UPLOAD_TYPE' });
    await expect(upload(alice, 'script.exe', PDF)).rejects.toMatchObject({ code: 'UPLOAD_TYPE' });
    await expect(upload(alice, 'empty.pdf', new Uint8Array())).rejects.toMatchObject({ code: 'UPLOAD_EMPTY' });
    const big = new Uint8Array(UPLOAD_MAX_BYTES + 1);
    big.set(PDF);
    await expect(upload(alice, 'big.pdf', big)).rejects.toMatchObject({ code: 'UPLOAD_TOO_LARGE' });
    await expect(upload(alice, 'x.pdf', PDF, city)).rejects.toMatchObject({ code: 'FIELD_NOT_FOUND' });
    // The photo takes one image only.
    await expect(upload(alice, 'me.png', PNG, 'photo')).rejects.toMatchObject({ code: 'FIELD_NOT_FOUND' });
    await saveCommonSwitches(database.db, conf.id, 'photo', { enabled: true, required: false });
    await expect(upload(alice, 'cv.pdf', PDF, 'photo')).rejects.toMatchObject({ code: 'UPLOAD_TYPE', values: { types: 'jpg, jpeg, png' } });
    expect((await upload(alice, 'me.png', PNG, 'photo')).name).toMatch(/\.png$/);
  });

  it('a registration attaches my uploads and moves them; another account cannot use them', async () => {
    const mine = await upload(alice, 'paper.pdf', PDF);
    const bobs = await upload(bob, 'photo.png', PNG);
    const base = { name: 'x', email: 'x@example.org', telephone: '13800000000', country: 'CN', unit: 'CAS' };
    await expect(parseAnswers(database.db, conf.id, { ...base, [city]: '11/海淀区' })).rejects.toThrow();
    await expect(parseAnswers(database.db, conf.id, { ...base, [paper]: [mine.name], [city]: '99/Nowhere' })).rejects.toThrow();
    const stolen = await parseAnswers(database.db, conf.id, {
      ...base,
      email: 'alice@example.org',
      [paper]: [bobs.name],
      [city]: '11/海淀区',
    });
    await expect(registerParticipant(database.db, { conference: conf, userId: alice, ...stolen })).rejects.toMatchObject({
      code: 'UPLOAD_MISSING',
    });
    expect((await database.db.select().from(uploadedFile).where(eq(uploadedFile.name, bobs.name)))[0].status).toBe('temp');

    const parsed = await parseAnswers(database.db, conf.id, {
      ...base,
      email: 'alice@example.org',
      [paper]: [mine.name],
      [city]: '11/海淀区',
    });
    expect(parsed.files).toEqual([{ field: paper, name: mine.name }]);
    const { code } = await registerParticipant(database.db, { conference: conf, userId: alice, ...parsed });
    expect(code).toBe('UP-0001');
    const [row] = await database.db.select().from(uploadedFile).where(eq(uploadedFile.name, mine.name));
    expect(row).toMatchObject({ status: 'attached', userId: alice });
    expect(existsSync(path.join(root, String(conf.id), 'files', mine.name))).toBe(true);
    expect(existsSync(path.join(root, String(conf.id), 'temp', mine.name))).toBe(false);

    const fields = await loadFields(database.db, conf.id);
    const names = await originalFileNames(database.db, conf.id, fields, [parsed.answers]);
    const described = describeAnswers(fields, parsed.answers, 'en', names);
    expect(described.find((a) => a.key === paper)).toMatchObject({
      value: 'paper.pdf',
      files: [{ name: mine.name, originalName: 'paper.pdf' }],
    });
    expect(described.find((a) => a.key === city)?.value).toBe('Beijing, 海淀区');
  });

  it('temporary uploads nobody attached are removed after a day; attached ones stay', async () => {
    const stale = await upload(bob, 'old.pdf', PDF);
    const tomorrow = new Date(Date.now() + 86_400_000 + 60_000);
    const removed = await removeStaleUploads(database.db, tomorrow);
    expect(removed).toBeGreaterThanOrEqual(2);
    expect(await database.db.select().from(uploadedFile).where(eq(uploadedFile.name, stale.name))).toHaveLength(0);
    expect(existsSync(path.join(root, String(conf.id), 'temp', stale.name))).toBe(false);
    expect((await database.db.select().from(uploadedFile).where(eq(uploadedFile.status, 'attached'))).length).toBe(1);
  });
});
