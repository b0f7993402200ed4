import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as MY_MATERIALS } from '@/app/api/conference/download/route';
import { GET as DOWNLOAD } from '@/app/api/conference/download/[id]/route';
import { GET as LIST, POST as UPLOAD } from '@/app/api/conference/platform/manage/download/route';
import { DELETE, PUT } from '@/app/api/conference/platform/manage/download/[id]/route';
import { POST as MOVE } from '@/app/api/conference/platform/manage/download/[id]/move/route';
import type { Database } from '@/db/client';
import { conferenceOrder, conferenceRegistration, downloadMaterial } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { apiRequest, useAsProcessDatabase } from '@/testing/harness/handlers';
import { callHandler, plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { plantOrder } from '@/testing/fixtures/payments';
import type { Material } from './materials';
import { DOWNLOAD_MAX_BYTES, type MaterialInput } from './schemas';

/**
 * Download materials through their handlers: the audience rules (everyone signed in, registrants,
 * paid registrants — each with the control one step short of it) on the list AND on every
 * download, the file sent under its original name with its type and kept from shared caches, the
 * upload's checks (both titles, type by content, empty, 20 MB) with nothing stored when refused,
 * reorder and delete, and conference B's organiser out of reach of A's materials.
 */
type Answer = Awaited<ReturnType<typeof callHandler>>;
const fieldsOf = (res: Answer) => (res.json as { fields?: Record<string, string> } | null)?.fields ?? {};
const PDF = new TextEncoder().encode('%PDF-1.4\n% programme\n');

async function multipart(fileName: string, data: Uint8Array, fields: unknown) {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(data)], fileName, { type: 'application/octet-stream' }));
  form.set('data', typeof fields === 'string' ? fields : JSON.stringify(fields));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: new Uint8Array(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')!, 'x-locale': 'en' },
  };
}

const MATERIAL = (name: string, audience: MaterialInput['audience']): MaterialInput => ({
  title: { zh: `资料 ${name}`, en: `Material ${name}` },
  description: { zh: '', en: '' },
  audience,
});

describe.each(testBackends())('download materials on %s', (backend) => {
  let database: Database;
  let root: string;
  let a: ConferenceFixture;
  let b: ConferenceFixture;
  let managerA: string;
  let managerB: string;
  let signedIn: { token: string; userId: string };
  let registrant: { token: string; userId: string };
  let unpaid: { token: string; userId: string };
  let paid: { token: string; userId: string };
  const ids: Record<'all' | 'registrants' | 'paid', number> = { all: 0, registrants: 0, paid: 0 };

  const send = (
    handler: Parameters<typeof callHandler>[0],
    fx: ConferenceFixture,
    token: string | undefined,
    opts: { method?: string; id?: number | string; body?: unknown } = {},
  ) =>
    callHandler(handler, fx, {
      method: opts.method ?? 'POST',
      token,
      params: opts.id === undefined ? {} : { id: String(opts.id) },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      headers: { 'x-locale': 'en' },
    });
  const upload = async (fx: ConferenceFixture, token: string, fileName: string, data: Uint8Array, fields: unknown) =>
    callHandler(UPLOAD, fx, { token, ...(await multipart(fileName, data, fields)) });
  const stored = () => readdirSync(root, { recursive: true }).filter((f) => /[0-9a-f]{32}\./.test(String(f)));
  const visible = async (token: string) => {
    const res = await send(MY_MATERIALS, a, token, { method: 'GET' });
    expect(res.status, res.text).toBe(200);
    const data = res.json!.data as { materials: { id: number }[]; hidden: number };
    return { ids: data.materials.map((m) => m.id), hidden: data.hidden };
  };

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    root = mkdtempSync(path.join(tmpdir(), 'confhub-downloads-'));
    process.env.UPLOAD_DIR = root;
    a = await plantConference(database, 'dla');
    b = await plantConference(database, 'dlb');
    ({ token: managerA } = await plantAccount(database, a.conferenceId, 'manager'));
    ({ token: managerB } = await plantAccount(database, b.conferenceId, 'manager'));
    signedIn = await plantAccount(database, a.conferenceId);
    registrant = await plantAccount(database, a.conferenceId);
    unpaid = await plantAccount(database, a.conferenceId);
    paid = await plantAccount(database, a.conferenceId);
    await database.db
      .insert(conferenceRegistration)
      .values([registrant, unpaid, paid].map((p, i) => ({ conferenceId: a.conferenceId, userId: p.userId, code: `D000${i}` })));
    // unpaid holds an unpaid registration order; paid a paid one (and an unrelated paid optional order is no substitute).
    for (const who of [unpaid, paid]) {
      const order = await plantOrder(database, a, who.userId);
      await database.db.update(conferenceOrder).set({ type: 'registration' }).where(eq(conferenceOrder.id, order.id));
      if (who === paid) await database.db.update(conferenceOrder).set({ payStatus: 'success' }).where(eq(conferenceOrder.id, order.id));
    }
    const optional = await plantOrder(database, a, registrant.userId);
    await database.db.update(conferenceOrder).set({ payStatus: 'paid' }).where(eq(conferenceOrder.id, optional.id));
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('refuses a bad upload with a clear message and stores nothing', async () => {
    const noEn = await upload(a, managerA, 'p.pdf', PDF, { ...MATERIAL('x', 'all'), title: { zh: '仅中文', en: '' } });
    expect([noEn.status, fieldsOf(noEn)]).toEqual([400, { 'title.en': 'Enter the title in Chinese and in English' }]);
    const halfDescription = await upload(a, managerA, 'p.pdf', PDF, { ...MATERIAL('x', 'all'), description: { zh: '说明', en: '' } });
    expect(fieldsOf(halfDescription)).toEqual({ 'description.en': 'Give the description in both Chinese and English, or in neither' });
    const audience = await upload(a, managerA, 'p.pdf', PDF, { ...MATERIAL('x', 'all'), audience: 'vip' });
    expect(fieldsOf(audience)).toEqual({ audience: 'Choose who may see it' });
    const disguised = await upload(a, managerA, 'slides.pdf', new TextEncoder().encode('<html>not a pdf</html>'), MATERIAL('x', 'all'));
    expect([disguised.status, disguised.json?.error]).toEqual([415, 'UPLOAD_TYPE']);
    const exe = await upload(a, managerA, 'tool.exe', PDF, MATERIAL('x', 'all'));
    expect(exe.json?.error).toBe('UPLOAD_TYPE');
    const empty = await upload(a, managerA, 'empty.pdf', new Uint8Array(0), MATERIAL('x', 'all'));
    expect(empty.json?.error).toBe('UPLOAD_EMPTY');
    const big = new Uint8Array(DOWNLOAD_MAX_BYTES + 1);
    big.set(PDF);
    const large = await upload(a, managerA, 'big.pdf', big, MATERIAL('x', 'all'));
    expect([large.status, large.json?.error]).toEqual([413, 'UPLOAD_TOO_LARGE']);
    const notJson = await upload(a, managerA, 'p.pdf', PDF, '{"title":');
    expect([notJson.status, notJson.json?.error]).toEqual([400, 'INVALID_INPUT']);
    const noFile = await send(UPLOAD, a, managerA, { body: MATERIAL('x', 'all') });
    expect(noFile.status).toBe(400);
    expect(await database.db.select().from(downloadMaterial)).toEqual([]);
    expect(stored()).toEqual([]);
    // Only this conference's organisers upload.
    expect((await upload(a, registrant.token, 'p.pdf', PDF, MATERIAL('x', 'all'))).status).toBe(403);
    expect((await upload(a, managerB, 'p.pdf', PDF, MATERIAL('x', 'all'))).status).toBe(403);
    expect(stored()).toEqual([]);
  });

  it('uploads one material per audience, in order, and answers each audience with its control', async () => {
    for (const [audience, name] of [
      ['all', '会议日程 programme.pdf'],
      ['registrants', 'slides.pdf'],
      ['paid', 'template.pdf'],
    ] as const) {
      const res = await upload(a, managerA, name, PDF, MATERIAL(audience, audience));
      expect(res.status, res.text).toBe(200);
      ids[audience] = (res.json!.data as { id: number }).id;
    }
    expect(stored()).toHaveLength(3);
    const list = (await send(LIST, a, managerA, { method: 'GET' })).json!.data as Material[];
    expect(list.map((m) => [m.id, m.audience, m.file.oriName, m.file.mime])).toEqual([
      [ids.all, 'all', '会议日程 programme.pdf', 'application/pdf'],
      [ids.registrants, 'registrants', 'slides.pdf', 'application/pdf'],
      [ids.paid, 'paid', 'template.pdf', 'application/pdf'],
    ]);

    // Signed in only: 'all'. Registered (a paid optional order is not a paid registration): + 'registrants'.
    // An unpaid registration order: the same. A paid registration order: everything.
    expect(await visible(signedIn.token)).toEqual({ ids: [ids.all], hidden: 2 });
    expect(await visible(registrant.token)).toEqual({ ids: [ids.all, ids.registrants], hidden: 1 });
    expect(await visible(unpaid.token)).toEqual({ ids: [ids.all, ids.registrants], hidden: 1 });
    expect(await visible(paid.token)).toEqual({ ids: [ids.all, ids.registrants, ids.paid], hidden: 0 });
    expect((await send(MY_MATERIALS, a, undefined, { method: 'GET' })).status).toBe(401);

    // Every download checks the audience again.
    const cases: [string, string, keyof typeof ids, number, string?][] = [
      ['signed in', signedIn.token, 'all', 200],
      ['signed in', signedIn.token, 'registrants', 403, 'DOWNLOAD_REGISTRANTS_ONLY'],
      ['signed in', signedIn.token, 'paid', 403, 'DOWNLOAD_PAID_ONLY'],
      ['registrant', registrant.token, 'registrants', 200],
      ['registrant', registrant.token, 'paid', 403, 'DOWNLOAD_PAID_ONLY'],
      ['unpaid', unpaid.token, 'paid', 403, 'DOWNLOAD_PAID_ONLY'],
      ['paid', paid.token, 'paid', 200],
      ['organiser', managerA, 'paid', 200],
    ];
    for (const [who, token, audience, status, error] of cases) {
      const res = await send(DOWNLOAD, a, token, { method: 'GET', id: ids[audience] });
      expect([res.status, res.json?.error], `${who} downloading ${audience}`).toEqual([status, error]);
    }
    const file = await DOWNLOAD(apiRequest('/api/conference/download/x', { host: a.host, token: signedIn.token }), {
      params: Promise.resolve({ id: String(ids.all) }),
    });
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="____ programme.pdf"; filename*=UTF-8''${encodeURIComponent('会议日程 programme.pdf')}`,
    );
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);

    // Losing the registration takes the registrants' material away at once.
    await database.db.delete(conferenceRegistration).where(eq(conferenceRegistration.userId, registrant.userId));
    expect((await send(DOWNLOAD, a, registrant.token, { method: 'GET', id: ids.registrants })).status).toBe(403);
    expect((await send(MY_MATERIALS, a, registrant.token, { method: 'GET' })).json!.data).toMatchObject({ registered: false, hidden: 2 });
  });

  it('keeps another conference’s organisers and participants away from A’s materials', async () => {
    for (const [handler, method, body] of [
      [PUT, 'PUT', MATERIAL('hijack', 'all')],
      [MOVE, 'POST', { direction: 'up' }],
      [DELETE, 'DELETE', undefined],
      [DOWNLOAD, 'GET', undefined],
    ] as const) {
      const res = await send(handler, b, managerB, { method, id: ids.paid, body });
      expect([res.status, res.json?.error], `${method} from B`).toEqual([404, 'DOWNLOAD_NOT_FOUND']);
      // On A's site B's organiser is no organiser (and, not registered, not in the paid audience).
      expect((await send(handler, a, managerB, { method, id: ids.paid, body })).status, `${method} on A by B`).toBe(403);
    }
    expect((await send(LIST, b, managerB, { method: 'GET' })).json!.data).toEqual([]);
    for (const bad of ['4294967296', 'x', '-1']) expect((await send(DOWNLOAD, a, paid.token, { method: 'GET', id: bad })).status).toBe(404);
    const [row] = await database.db.select().from(downloadMaterial).where(eq(downloadMaterial.id, ids.paid));
    expect(row.title).toEqual({ zh: '资料 paid', en: 'Material paid' });
  });

  it('changes, reorders and deletes (with the file)', async () => {
    const changed = await send(PUT, a, managerA, {
      method: 'PUT',
      id: ids.paid,
      body: { ...MATERIAL('paid', 'all'), description: { zh: '模板', en: 'Template' } },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await visible(signedIn.token)).ids).toEqual([ids.all, ids.paid]);
    expect((await send(MOVE, a, managerA, { id: ids.paid, body: { direction: 'up' } })).status).toBe(200);
    expect((await send(MOVE, a, managerA, { id: ids.paid, body: { direction: 'up' } })).status).toBe(200);
    // Already first: stays.
    expect((await send(MOVE, a, managerA, { id: ids.paid, body: { direction: 'up' } })).status).toBe(200);
    const order = ((await send(LIST, a, managerA, { method: 'GET' })).json!.data as Material[]).map((m) => m.id);
    expect(order).toEqual([ids.paid, ids.all, ids.registrants]);
    expect((await send(MOVE, a, managerA, { id: ids.paid, body: { direction: 'sideways' } })).status).toBe(400);

    const [row] = await database.db.select().from(downloadMaterial).where(eq(downloadMaterial.id, ids.registrants));
    const where = path.join(root, String(a.conferenceId), 'files', row.file.name);
    expect(existsSync(where)).toBe(true);
    expect((await send(DELETE, a, managerA, { method: 'DELETE', id: ids.registrants })).status).toBe(200);
    expect(existsSync(where)).toBe(false);
    expect((await send(DOWNLOAD, a, paid.token, { method: 'GET', id: ids.registrants })).status).toBe(404);
    expect((await send(DELETE, a, managerA, { method: 'DELETE', id: ids.registrants })).status).toBe(404);
  });
});
