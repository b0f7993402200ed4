import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as ANSWER } from '@/app/api/conference/programme/presenter/route';
import { POST as UPLOAD } from '@/app/api/conference/programme/presenter/slides/route';
import { GET as SLIDES } from '@/app/api/conference/programme/slides/route';
import type { Database } from '@/db/client';
import { programmeConfig, programmeContribution, uploadedFile } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { callHandler, plantAccount, plantConference, type Account, type ConferenceFixture } from '@/testing/harness/conference';
import { plantAcceptedSubmission, plantProgrammeWithContributions, type PlantedProgramme } from '@/testing/fixtures/programme-agenda';
import { myPresentations } from './presenter-slot';

/**
 * Presenters through their handlers: the presenting author (by email, any case) and the submission's owner see
 * their slot and may confirm or withdraw and upload slides; a co-author who does not present, another participant
 * and a visitor may not, and nothing changes when they try. Slides are PDF or PPTX by content; visitors download
 * them only while the organiser shows slides, the presenter always.
 */
const PDF = new TextEncoder().encode('%PDF-1.4\n% slides\n');
const PPTX = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]);

async function multipart(fileName: string, data: Uint8Array, contributionId: number | string) {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(data)], fileName, { type: 'application/octet-stream' }));
  form.set('contributionId', String(contributionId));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: new Uint8Array(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')!, 'x-locale': 'en' },
  };
}

describe.each(testBackends())('presenters on %s', (backend) => {
  let database: Database;
  let fx: ConferenceFixture;
  let programme: PlantedProgramme;
  let owner: Account;
  let presenter: Account;
  let coAuthor: Account;
  let stranger: Account;
  let root: string;

  const answer = (token: string | undefined, contributionId: number, state: string) =>
    callHandler(ANSWER, fx, { token, body: JSON.stringify({ contributionId, state }), headers: { 'x-locale': 'en' } });
  const upload = async (token: string | undefined, fileName: string, data: Uint8Array, contributionId: number) =>
    callHandler(UPLOAD, fx, { token, ...(await multipart(fileName, data, contributionId)) });
  const download = (token: string | undefined, code: string) =>
    callHandler(SLIDES, fx, { method: 'GET', token, path: `/api/conference/programme/slides?code=${code}` });
  const row = async (id: number) => (await database.db.select().from(programmeContribution).where(eq(programmeContribution.id, id)))[0];
  const stored = () => readdirSync(root, { recursive: true }).filter((f) => /[0-9a-f]{32}\./.test(String(f)));

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    root = mkdtempSync(path.join(tmpdir(), 'confhub-slides-'));
    process.env.UPLOAD_DIR = root;
    fx = await plantConference(database, 'prsa');
    owner = await plantAccount(database, fx.conferenceId);
    presenter = await plantAccount(database, fx.conferenceId);
    coAuthor = await plantAccount(database, fx.conferenceId);
    stranger = await plantAccount(database, fx.conferenceId);
    // A-01's presenting author is its first corresponding author: the presenter's email written in capitals.
    const a01 = await plantAcceptedSubmission(database, {
      conferenceId: fx.conferenceId,
      ownerId: owner.userId,
      code: 'S1',
      authors: [
        { email: coAuthor.email, corresponding: false },
        { email: presenter.email.toUpperCase(), corresponding: true },
      ],
    });
    programme = await plantProgrammeWithContributions(database, fx.conferenceId, { submissions: { 'A-01': a01 } });
  });
  afterAll(() => database?.close());

  it('shows the presenting author and the owner their slot from the latest version, and nobody else', async () => {
    const slot = await myPresentations(database.db, {
      conferenceId: fx.conferenceId,
      presenter: { id: presenter.userId, email: presenter.email },
    });
    expect(slot).toEqual([
      expect.objectContaining({
        code: 'A-01',
        startsAt: '2030-10-12T10:30:00+08:00',
        room: { zh: '报告厅 A', en: 'Hall A' },
        session: { zh: '凝聚态物理', en: 'Condensed matter' },
        state: 'pending',
      }),
    ]);
    expect(
      (await myPresentations(database.db, { conferenceId: fx.conferenceId, presenter: { id: owner.userId, email: owner.email } })).map(
        (p) => p.code,
      ),
    ).toEqual(['A-01']);
    for (const other of [coAuthor, stranger]) {
      expect(
        await myPresentations(database.db, { conferenceId: fx.conferenceId, presenter: { id: other.userId, email: other.email } }),
      ).toEqual([]);
    }
  });

  it('lets only the presenter confirm or withdraw', async () => {
    const id = programme.ids['A-01'];
    for (const [token, status] of [
      [coAuthor.token, 403],
      [stranger.token, 403],
      [undefined, 401],
    ] as const) {
      expect((await answer(token, id, 'confirmed')).status).toBe(status);
    }
    expect((await answer(presenter.token, programme.ids.K1, 'confirmed')).status).toBe(403);
    expect((await row(id)).presenterState).toBe('pending');
    expect((await answer(presenter.token, id, 'maybe')).status).toBe(400);

    const confirmed = await answer(presenter.token, id, 'confirmed');
    expect(confirmed.status, confirmed.text).toBe(200);
    expect((await row(id)).presenterState).toBe('confirmed');
    expect((await row(id)).presenterAnsweredAt).toBeInstanceOf(Date);
    expect((await answer(owner.token, id, 'withdrawn')).status).toBe(200);
    expect((await row(id)).presenterState).toBe('withdrawn');
  });

  it('takes PDF or PPTX slides by content from the presenter only, and serves them as the organiser allows', async () => {
    const id = programme.ids['A-01'];
    const refused = await upload(presenter.token, 'slides.pdf', new TextEncoder().encode('<html>not a pdf</html>'), id);
    expect(refused.status).toBe(415);
    expect((await upload(presenter.token, 'slides.docx', PPTX, id)).status).toBe(415);
    expect((await upload(presenter.token, 'slides.pdf', new Uint8Array(0), id)).status).toBe(400);
    expect((await upload(stranger.token, 'slides.pdf', PDF, id)).status).toBe(403);
    expect((await upload(coAuthor.token, 'slides.pdf', PDF, id)).status).toBe(403);
    expect((await row(id)).slidesFileId).toBeNull();
    expect(stored()).toEqual([]);
    expect(await database.db.select().from(uploadedFile).where(eq(uploadedFile.field, 'programmeSlides'))).toEqual([]);

    const pptx = await upload(presenter.token, 'Talk.pptx', PPTX, id);
    expect(pptx.status, pptx.text).toBe(200);
    const pdf = await upload(presenter.token, '报告.pdf', PDF, id);
    expect(pdf.status, pdf.text).toBe(200);
    const fileId = (pdf.json!.data as { id: number }).id;
    expect((await row(id)).slidesFileId).toBe(fileId);
    const [file] = await database.db
      .select()
      .from(uploadedFile)
      .where(and(eq(uploadedFile.id, fileId)));
    expect(file.status).toBe('attached');

    // Slides hidden: the presenter downloads, a visitor and another participant do not.
    const own = await download(presenter.token, 'A-01');
    expect(own.status).toBe(200);
    expect(own.text).toContain('%PDF-1.4');
    expect((await download(undefined, 'A-01')).status).toBe(404);
    expect((await download(stranger.token, 'A-01')).status).toBe(404);
    // Shown: everyone downloads.
    await database.db.insert(programmeConfig).values({ conferenceId: fx.conferenceId, showSlides: true });
    expect((await download(undefined, 'A-01')).status).toBe(200);
    expect((await download(undefined, 'K1')).status).toBe(404);
    expect((await download(undefined, 'bad code!')).status).toBe(400);
  });
});
