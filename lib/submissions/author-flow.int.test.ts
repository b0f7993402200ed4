import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as one from '@/app/api/conference/submission/[id]/route';
import * as resubmit from '@/app/api/conference/submission/[id]/resubmit/route';
import * as withdraw from '@/app/api/conference/submission/[id]/withdraw/route';
import * as file from '@/app/api/conference/submission/file/route';
import * as list from '@/app/api/conference/submission/route';
import * as upload from '@/app/api/conference/submission/upload/route';
import type { Database } from '@/db/client';
import { mailOutbox, submission, submissionAuthor, submissionConfig, submissionEvent, submissionVersion, uploadedFile } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { callHandler, plantAccount } from '@/testing/harness/conference';
import { plantCall, validSubmission, type CallFixture } from '@/testing/fixtures/submissions';

type Json = { code?: number; error?: string; message?: string; data?: Record<string, unknown> } | null;
/** The fixture as callHandler takes it (it needs the host only). */
const host = (f: CallFixture) => ({ conferenceId: f.conferenceId, host: f.host, feeId: 0 });
const PDF = new TextEncoder().encode('%PDF-1.4\n% test file\n');

async function multipart(field: string, name: string, data: Uint8Array) {
  const form = new FormData();
  form.set('field', field);
  form.set('file', new File([data as BlobPart], name));
  const request = new Request('http://x', { method: 'POST', body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

describe.each(testBackends())('an author submits, edits, resubmits and withdraws on %s', (backend) => {
  let database: Database;
  let fx: CallFixture;
  let other: CallFixture;
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'confhub-submissions-'));
    process.env.UPLOAD_DIR = root;
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantCall(database, 'flow', { abstractFileRequired: true, abstractFileMaxMb: 1, keywordsMin: 2, keywordsMax: 3 });
    other = await plantCall(database, 'elsewhere');
    alice = await plantAccount(database, fx.conferenceId);
    bob = await plantAccount(database, fx.conferenceId);
  });
  afterAll(async () => {
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const call = (
    handler: Parameters<typeof callHandler>[0],
    who: { token: string },
    opts: { method?: string; body?: unknown; params?: Record<string, string>; path?: string; at?: CallFixture } = {},
  ) =>
    callHandler(handler, host(opts.at ?? fx), {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      token: who.token,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      params: opts.params,
      path: opts.path,
    }) as Promise<{ status: number; text: string; json: Json }>;

  async function uploadPdf(who: { token: string }, field = 'submissionAbstract', at = fx): Promise<number> {
    const { body, headers } = await multipart(field, 'abstract.pdf', PDF);
    const res = await callHandler(upload.POST, host(at), { token: who.token, body, headers });
    expect(res.status).toBe(200);
    return (res.json!.data as { id: number }).id;
  }

  /** Rows that a refused request must leave as they were. */
  async function snapshot() {
    const tables = [submission, submissionAuthor, submissionVersion, submissionEvent, mailOutbox] as const;
    const counts = await Promise.all(
      tables.map((t) =>
        database.db
          .select({ n: count() })
          .from(t)
          .then(([r]) => r.n),
      ),
    );
    const [cfg] = await database.db
      .select({ used: submissionConfig.used })
      .from(submissionConfig)
      .where(eq(submissionConfig.conferenceId, fx.conferenceId));
    const rows = await database.db.select().from(submission).orderBy(submission.id);
    return JSON.stringify({ counts, used: cfg.used, rows });
  }

  it('uploads keep the call’s types (by content) and size', async () => {
    const fake = await multipart('submissionAbstract', 'abstract.pdf', new TextEncoder().encode('not a pdf at all'));
    expect((await callHandler(upload.POST, host(fx), { token: alice.token, ...fake })).status).toBe(415);
    const wrongType = await multipart('submissionAbstract', 'abstract.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2]));
    expect((await callHandler(upload.POST, host(fx), { token: alice.token, ...wrongType })).status).toBe(415);
    const big = new Uint8Array(1024 * 1024 + 10);
    big.set(PDF);
    const tooBig = await multipart('submissionAbstract', 'big.pdf', big);
    expect((await callHandler(upload.POST, host(fx), { token: alice.token, ...tooBig })).status).toBe(413);
    const badField = await multipart('photo', 'abstract.pdf', PDF);
    expect((await callHandler(upload.POST, host(fx), { token: alice.token, ...badField })).status).toBe(400);
  });

  let id: number;

  it('every §5 refusal answers 400 with its message and changes nothing', async () => {
    const abstractFileId = await uploadPdf(alice);
    const base = validSubmission(fx, { abstractFileId, keywords: ['a', 'b'] });
    const before = await snapshot();
    const cases: Array<[string, unknown]> = [
      ['title', { ...base, title: '  ' }],
      ['sessionId', { ...base, sessionId: null }],
      ['sessionId', { ...base, sessionId: fx.parentId }],
      ['sessionId', { ...base, sessionId: other.sessionIds[0] }],
      ['reportType', { ...base, reportType: '' }],
      ['reportType', { ...base, reportType: 'keynote' }],
      ['category', { ...base, category: '' }],
      ['keywords', { ...base, keywords: ['only-one'] }],
      ['keywords', { ...base, keywords: ['a', 'b', 'c', 'd'] }],
      ['abstract', { ...base, abstract: '' }],
      ['abstractFileId', { ...base, abstractFileId: null }],
      ['authors', { ...base, authors: [] }],
      ['authors', { ...base, authors: base.authors.map((a) => ({ ...a, corresponding: false })) }],
      ['authors.0.name', { ...base, authors: [{ ...base.authors[0], name: '' }] }],
      ['authors.0.surname', { ...base, authors: [{ ...base.authors[0], surname: '' }] }],
      ['authors.0.email', { ...base, authors: [{ ...base.authors[0], email: 'not-an-email' }] }],
    ];
    for (const [field, body] of cases) {
      const res = await call(list.POST, alice, { body });
      expect(res.status, field).toBe(400);
      expect(Object.keys((res.json as { fields?: Record<string, string> }).fields ?? {}), field).toContain(field);
    }
    // The message is the §5 one, in the caller's language (zh by default).
    const untitled = await call(list.POST, alice, { body: { ...base, title: '' } });
    expect(untitled.json?.message).toBe('请输入题目');
    // Someone else's upload cannot be named.
    const bobsFile = await uploadPdf(bob);
    expect((await call(list.POST, alice, { body: { ...base, abstractFileId: bobsFile } })).status).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it('creates a submission with version 1, its authors in order and the mail', async () => {
    const abstractFileId = await uploadPdf(alice);
    const res = await call(list.POST, alice, { body: validSubmission(fx, { abstractFileId, keywords: ['optics', 'cavity', 'Optics'] }) });
    expect(res.status).toBe(200);
    id = (res.json!.data as { id: number }).id;
    const got = await call(one.GET, alice, { params: { id: String(id) } });
    const view = got.json!.data as Record<string, unknown> & {
      authors: { surname: string; corresponding: boolean }[];
      versions: unknown[];
      can: Record<string, boolean>;
    };
    expect(view).toMatchObject({ status: 'waiting', version: 1, code: 'OPT0001', keywords: ['optics', 'cavity'], decision: null });
    expect(view.authors.map((a) => a.surname)).toEqual(['Wang', 'Silva']);
    expect(view.versions).toHaveLength(1);
    expect(view.can).toEqual({ edit: true, resubmit: false, withdraw: true });
    const [file] = await database.db.select().from(uploadedFile).where(eq(uploadedFile.id, abstractFileId));
    expect(file.status).toBe('attached');
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'submissionReceived'));
    expect(mails.some((m) => m.text.includes('OPT0001'))).toBe(true);
    // The list shows it.
    const mine = await call(list.GET, alice);
    expect((mine.json!.data as { submissions: { id: number }[] }).submissions.map((s) => s.id)).toEqual([id]);
  });

  it('another account cannot read, edit, resubmit, withdraw or download it (404); nor from another conference', async () => {
    const before = await snapshot();
    const params = { id: String(id) };
    const body = validSubmission(fx);
    expect((await call(one.GET, bob, { params })).status).toBe(404);
    expect((await call(one.PUT, bob, { method: 'PUT', body, params })).status).toBe(404);
    expect((await call(resubmit.POST, bob, { body, params })).status).toBe(404);
    expect((await call(withdraw.POST, bob, { method: 'POST', params })).status).toBe(404);
    const [sub] = await database.db.select().from(submission).where(eq(submission.id, id));
    expect((await call(file.GET, bob, { path: `/api/x?id=${sub.abstractFileId}` })).status).toBe(404);
    expect((await call(file.GET, alice, { path: `/api/x?id=${sub.abstractFileId}` })).status).toBe(200);
    // Alice herself, on another conference's host, does not find it either.
    expect((await call(one.GET, alice, { params, at: other })).status).toBe(404);
    expect((await call(withdraw.POST, alice, { method: 'POST', params, at: other })).status).toBe(404);
    expect((await call(file.GET, alice, { path: `/api/x?id=${sub.abstractFileId}`, at: other })).status).toBe(404);
    expect((await call(one.GET, alice, { params: { id: 'abc' } })).status).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it('edits in place while waiting (same version, snapshot follows); resubmission needs a released "need to modify"', async () => {
    const params = { id: String(id) };
    const [sub] = await database.db.select().from(submission).where(eq(submission.id, id));
    const edited = validSubmission(fx, { title: 'Light in tiny cavities', abstractFileId: sub.abstractFileId, keywords: ['x', 'y'] });
    expect((await call(one.PUT, alice, { method: 'PUT', body: edited, params })).status).toBe(200);
    const versions = await database.db.select().from(submissionVersion).where(eq(submissionVersion.submissionId, id));
    expect(versions.map((v) => [v.version, v.snapshot.title])).toEqual([[1, 'Light in tiny cavities']]);
    // Not in "need to modify": resubmit refused.
    expect((await call(resubmit.POST, alice, { body: edited, params })).status).toBe(409);

    // The chair decides "modify" but has not released it: the author still sees "under review".
    await database.db
      .update(submission)
      .set({
        status: 'modify',
        decision: 'modify',
        chairOpinion: 'SECRET chair note',
        finalOpinion: 'Please shorten.',
        decidedAt: new Date(),
      })
      .where(eq(submission.id, id));
    let view = (await call(one.GET, alice, { params })).json!.data as Record<string, unknown>;
    expect(view).toMatchObject({ status: 'assigned', decision: null, can: { edit: false, resubmit: false, withdraw: true } });
    expect(JSON.stringify(view)).not.toContain('Please shorten.');
    expect((await call(resubmit.POST, alice, { body: edited, params })).status).toBe(409);
    expect((await call(one.PUT, alice, { method: 'PUT', body: edited, params })).status).toBe(409);

    // Released: the decision and the final opinion show, never the chair's own note.
    await database.db
      .update(submission)
      .set({ releasedAt: new Date(Date.now() + 1000) })
      .where(eq(submission.id, id));
    const shown = await call(one.GET, alice, { params });
    view = shown.json!.data as Record<string, unknown>;
    expect(view).toMatchObject({
      status: 'modify',
      decision: { decision: 'modify', finalOpinion: 'Please shorten.' },
      can: { resubmit: true },
    });
    expect(shown.text).not.toContain('SECRET');

    const newFile = await uploadPdf(alice);
    const revised = validSubmission(fx, { title: 'Light in tiny cavities, revised', abstractFileId: newFile, keywords: ['x', 'z'] });
    const res = await call(resubmit.POST, alice, { body: revised, params });
    expect(res.status).toBe(200);
    expect(res.json!.data).toMatchObject({ version: 2, status: 'resubmitted' });
    const kept = await database.db
      .select()
      .from(submissionVersion)
      .where(eq(submissionVersion.submissionId, id))
      .orderBy(submissionVersion.version);
    expect(kept.map((v) => [v.version, v.snapshot.title, v.snapshot.abstractFileId])).toEqual([
      [1, 'Light in tiny cavities', sub.abstractFileId],
      [2, 'Light in tiny cavities, revised', newFile],
    ]);
    // The author is told the new version arrived, through the outbox, in the language they used.
    const resubmitted = await database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.conferenceId, fx.conferenceId), eq(mailOutbox.template, 'submissionResubmitted')));
    expect(resubmitted).toHaveLength(1);
    expect(resubmitted[0]).toMatchObject({ locale: 'zh' });
    expect(resubmitted[0].text).toContain('第 2 版修改稿');
    expect(resubmitted[0].text).toContain('Light in tiny cavities, revised');
    // Only once: now resubmitted, a second resubmission is refused and changes nothing.
    const before = await snapshot();
    expect((await call(resubmit.POST, alice, { body: revised, params })).status).toBe(409);
    expect(await snapshot()).toBe(before);
    const events = await database.db
      .select({ action: submissionEvent.action })
      .from(submissionEvent)
      .where(eq(submissionEvent.submissionId, id))
      .orderBy(submissionEvent.id);
    expect(events.map((e) => e.action)).toEqual(['created', 'updated', 'resubmitted']);
  });

  it('withdraws: the place comes back once, and a withdrawn submission cannot change', async () => {
    const params = { id: String(id) };
    const [{ used: before }] = await database.db
      .select({ used: submissionConfig.used })
      .from(submissionConfig)
      .where(eq(submissionConfig.conferenceId, fx.conferenceId));
    expect((await call(withdraw.POST, alice, { method: 'POST', params })).status).toBe(200);
    expect((await call(withdraw.POST, alice, { method: 'POST', params })).status).toBe(409);
    const [{ used: after }] = await database.db
      .select({ used: submissionConfig.used })
      .from(submissionConfig)
      .where(eq(submissionConfig.conferenceId, fx.conferenceId));
    expect(after).toBe(before - 1);
    expect((await call(one.PUT, alice, { method: 'PUT', body: validSubmission(fx), params })).status).toBe(409);
    const [row] = await database.db
      .select()
      .from(submission)
      .where(and(eq(submission.id, id), eq(submission.conferenceId, fx.conferenceId)));
    expect(row.status).toBe('withdrawn');
  });

  it('deadlines: after the first only changes; after the second, "second-submission time passed"; closed call refused', async () => {
    const abstractFileId = await uploadPdf(alice);
    const created = await call(list.POST, alice, { body: validSubmission(fx, { abstractFileId, keywords: ['a', 'b'] }) });
    const params = { id: String((created.json!.data as { id: number }).id) };
    await database.db
      .update(submissionConfig)
      .set({ firstDeadline: '2001-01-01' })
      .where(eq(submissionConfig.conferenceId, fx.conferenceId));
    let before = await snapshot();
    const late = await call(list.POST, alice, {
      body: validSubmission(fx, { abstractFileId: await uploadPdf(alice), keywords: ['a', 'b'] }),
    });
    expect(late.json?.error).toBe('SUBMISSION_FIRST_DEADLINE');
    expect(await snapshot()).toBe(before);
    const edit = validSubmission(fx, { abstractFileId, keywords: ['a', 'c'] });
    expect((await call(one.PUT, alice, { method: 'PUT', body: edit, params })).status).toBe(200);
    await database.db
      .update(submissionConfig)
      .set({ secondDeadline: '2001-01-02' })
      .where(eq(submissionConfig.conferenceId, fx.conferenceId));
    before = await snapshot();
    const blocked = await call(one.PUT, alice, { method: 'PUT', body: edit, params });
    expect(blocked.json?.error).toBe('SUBMISSION_SECOND_DEADLINE');
    expect(blocked.json?.message).toBe('二次投稿时间已过');
    expect((await call(list.POST, alice, { body: edit })).json?.error).toBe('SUBMISSION_SECOND_DEADLINE');
    await database.db.update(submissionConfig).set({ enabled: false }).where(eq(submissionConfig.conferenceId, fx.conferenceId));
    expect((await call(list.POST, alice, { body: edit })).json?.error).toBe('SUBMISSION_NOT_OPEN');
    expect(await snapshot()).toBe(before);
  });
});
