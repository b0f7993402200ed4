import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { programmeConfig, uploadedFile } from '@/db/schema';
import { GET as slidesGet } from '@/app/api/conference/programme/slides/[code]/route';
import { storageKey } from '@/lib/storage/keys';
import { storage } from '@/lib/storage/storage';
import { sampleProgrammeSnapshot, plantProgrammeVersion } from '@/testing/fixtures/programme';
import { changeContribution, plantContribution } from '@/testing/fixtures/programme-draft';
import { plantAccount, plantPublishedConference, callHandler } from '@/testing/harness/conference';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';

/**
 * A contribution's slides for visitors: served only while the organiser shows slides, for a contribution of the
 * latest version, and a file attached to it; anything else is "not found", whoever asks.
 */
const NAME = `${'ab'.repeat(16)}.pdf`;

describe.each(testBackends())('public slides on %s', (backend) => {
  let database: Database;
  let root: string;
  const fx = { host: `slides${backend}.localhost` };
  let conferenceId: number;
  let contributionId: number;
  let fileId: number;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'slides-'));
    process.env.UPLOAD_DIR = root;
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    conferenceId = (await plantPublishedConference(database.db, `slides${backend}`)).id;
    const owner = await plantAccount(database, conferenceId);
    const [file] = await database.db
      .insert(uploadedFile)
      .values({
        conferenceId,
        userId: owner.userId,
        name: NAME,
        originalName: '幻灯片.pdf',
        field: 'slides',
        mime: 'application/pdf',
        size: 4,
        status: 'attached',
      })
      .returning({ id: uploadedFile.id });
    fileId = file.id;
    await storage().put(storageKey(conferenceId, 'files', NAME), new Uint8Array([37, 80, 68, 70]));
    contributionId = await plantContribution(database, conferenceId, {
      code: 'A-01',
      title: { zh: '报告', en: 'Talk' },
      slidesFileId: fileId,
    });
    // The published version names the draft's contribution by its id.
    const snapshot = sampleProgrammeSnapshot();
    snapshot.sessions[2].contributions[0].id = contributionId;
    await plantProgrammeVersion(database, conferenceId, snapshot);
  });
  afterAll(async () => {
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (code: string) => callHandler(slidesGet, fx, { method: 'GET', params: { code } });

  it('serves nothing while the organiser does not show slides', async () => {
    expect((await get('A-01')).status).toBe(404);
  });

  it('serves the attached file of a published contribution once slides are shown, and nothing else', async () => {
    await database.db.insert(programmeConfig).values({ conferenceId, showSlides: true });
    const ok = await get('A-01');
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('%PDF');
    // Not in the published programme, unknown, or hostile: not found.
    for (const code of ['A-02', 'NOPE', '../x', '%00']) expect((await get(code)).status).toBe(404);
    // A file still temporary is not served.
    await database.db.update(uploadedFile).set({ status: 'temp' }).where(eq(uploadedFile.id, fileId));
    expect((await get('A-01')).status).toBe(404);
    await database.db.update(uploadedFile).set({ status: 'attached' }).where(eq(uploadedFile.id, fileId));
    // No file on the contribution: not found; hidden again: not found.
    await changeContribution(database, contributionId, { slidesFileId: null });
    expect((await get('A-01')).status).toBe(404);
    await changeContribution(database, contributionId, { slidesFileId: fileId });
    expect((await get('A-01')).status).toBe(200);
    await database.db.update(programmeConfig).set({ showSlides: false }).where(eq(programmeConfig.conferenceId, conferenceId));
    expect((await get('A-01')).status).toBe(404);
  });
});
