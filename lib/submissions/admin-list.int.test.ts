import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import type { RouteHandler } from '@/lib/http/route';
import { GET as listGet } from '@/app/api/conference/manage/contribute/list/route';
import { GET as exportGet } from '@/app/api/conference/manage/contribute/export/route';
import { GET as statsGet } from '@/app/api/conference/manage/contribute/stats/route';
import { GET as detailGet } from '@/app/api/conference/manage/contribute/[submissionId]/route';
import { GET as fileGet } from '@/app/api/conference/manage/contribute/[submissionId]/file/[fileId]/route';
import { adminSubmissionDetail } from './admin-detail';
import { adminSubmissions, sessionAndDescendants } from './admin-list';
import { adminSubmissionQueryFrom, ZAdminSubmissionQuery } from './admin-list-params';
import { submissionCountsBySessionAndStatus } from './stats';
import { plantAdminSubmissions, type AdminFixture } from '@/testing/fixtures/submissions-admin';

describe.each(testBackends())('admin submission list, stats and detail on %s', (backend) => {
  let database: Database;
  let fx: AdminFixture;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantAdminSubmissions(database, backend);
  });
  afterAll(() => database?.close());

  async function listed(query: string): Promise<string[]> {
    const res = await fx.call(listGet, `/api/conference/manage/contribute/list?size=200&${query}`, fx.manager);
    const body = (await res.json()) as { data: { rows: { id: number }[]; total: number } };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.total).toBe(body.data.rows.length);
    const byId = Object.fromEntries(Object.entries(fx.ids).map(([k, v]) => [v, k]));
    return body.data.rows.map((r) => byId[r.id] ?? `?${r.id}`);
  }

  it('lists only this conference, newest first by default and oldest first on request', async () => {
    expect(await listed('')).toEqual(['a5', 'a4', 'a3', 'a2', 'a1']);
    expect(await listed('sort=oldest')).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
  });

  it('filters by a session with its sub-sessions, never by another conference’s session', async () => {
    expect(await listed(`session=${fx.sessions.physics}`)).toEqual(['a2', 'a1']);
    expect(await listed(`session=${fx.sessions.optics}`)).toEqual(['a2']);
    expect(await listed(`session=${fx.sessions.oceans}`)).toEqual(['a4', 'a3']);
    expect(await listed(`session=${fx.sessions.secret}`)).toEqual([]);
    expect(
      sessionAndDescendants(
        [
          { id: 1, parentId: 2 },
          { id: 2, parentId: 1 },
        ],
        1,
      ).sort(),
    ).toEqual([1, 2]);
  });

  it('filters by status and by reviewer (cancelled assignments do not count)', async () => {
    expect(await listed('status=accepted')).toEqual(['a2']);
    expect(await listed('status=withdrawn')).toEqual(['a5']);
    expect(await listed(`reviewer=${fx.reviewers.r1}`)).toEqual(['a2', 'a1']);
    expect(await listed(`reviewer=${fx.reviewers.r2}`)).toEqual(['a4', 'a2', 'a1']);
    expect(await listed(`reviewer=${fx.reviewers.rb}`)).toEqual([]);
    expect(await listed(`reviewer=${fx.reviewers.r1}&status=assigned`)).toEqual(['a1']);
  });

  it('filters by the average overall score of the current version’s submitted reviews', async () => {
    const page = await adminSubmissions(database.db, fx.conf, ZAdminSubmissionQuery.parse({ size: 200 }));
    const average = Object.fromEntries(page.rows.map((r) => [r.code, r.averageScore]));
    expect(average).toEqual({ 'PHY-001': 7, 'OPT-001': 9, 'OCE-001': null, 'OCE-002': 3, 'NON-001': null });
    expect(await listed('scoreMin=7')).toEqual(['a2', 'a1']);
    expect(await listed('scoreMax=6')).toEqual(['a4']);
    expect(await listed('scoreMin=7&scoreMax=8')).toEqual(['a1']);
    expect(await listed('scoreMin=9.5')).toEqual([]);
    const bad = await fx.call(listGet, '/api/x?scoreMin=8&scoreMax=2', fx.manager);
    expect(bad.status).toBe(400);
    const text = ((await bad.json()) as { message: string }).message;
    expect(text).not.toBe('');
  });

  it('searches title, code and author names with LIKE wildcards taken literally', async () => {
    expect(await listed('q=graphene')).toEqual(['a1']);
    expect(await listed('q=oce-00')).toEqual(['a4', 'a3']);
    expect(await listed(`q=${encodeURIComponent('Wei Li')}`)).toEqual(['a1']);
    expect(await listed('q=Zhang')).toEqual(['a2']);
    expect(await listed(`q=${encodeURIComponent('100%')}`)).toEqual(['a2']);
    expect(await listed(`q=${encodeURIComponent('t_x')}`)).toEqual(['a4']);
    expect(await listed(`q=${encodeURIComponent('%')}`)).toEqual(['a2']);
    expect(await listed(`q=${encodeURIComponent('\\')}`)).toEqual([]);
    expect(await listed('q=secret')).toEqual([]);
  });

  it('pages within bounds and refuses sizes and pages out of range', async () => {
    const page = (n: number) => adminSubmissions(database.db, fx.conf, ZAdminSubmissionQuery.parse({ page: n, size: 2 }));
    expect((await page(1)).rows.map((r) => r.code)).toEqual(['NON-001', 'OCE-002']);
    expect((await page(3)).rows.map((r) => r.code)).toEqual(['PHY-001']);
    expect(await page(4)).toEqual({ rows: [], total: 5 });
    for (const query of [
      'size=201',
      'size=0',
      'page=0',
      'page=100001',
      'page=abc',
      'status=lost',
      'session=-1',
      'reviewer=99999999999',
      'scoreMin=NaN',
    ]) {
      expect((await fx.call(listGet, `/api/x?${query}`, fx.manager)).status, query).toBe(400);
    }
    expect(adminSubmissionQueryFrom({ page: '0', status: 'lost' })).toEqual(ZAdminSubmissionQuery.parse({}));
    expect(adminSubmissionQueryFrom({ status: 'accepted', page: '2' })).toMatchObject({ status: 'accepted', page: 2 });
  });

  it('counts submissions per session and status for this conference only', async () => {
    const stats = await submissionCountsBySessionAndStatus(database.db, fx.conf);
    expect(stats.total).toBe(5);
    const of = (id: number | null) => stats.sessions.find((s) => s.sessionId === id)!;
    expect(stats.sessions.map((s) => s.sessionId)).toEqual([fx.sessions.physics, fx.sessions.optics, fx.sessions.oceans, null]);
    expect(of(fx.sessions.physics)).toMatchObject({ depth: 0, total: 1, counts: { assigned: 1, accepted: 0 } });
    expect(of(fx.sessions.optics)).toMatchObject({ depth: 1, total: 1, counts: { accepted: 1 } });
    expect(of(fx.sessions.oceans)).toMatchObject({ total: 2, counts: { waiting: 1, rejected: 1 } });
    expect(of(null)).toMatchObject({ total: 1, counts: { withdrawn: 1 } });
    expect(stats.sessions.some((s) => s.sessionId === fx.sessions.secret)).toBe(false);
    const res = await fx.call(statsGet, '/api/x', fx.manager);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { total: number } }).data.total).toBe(5);
  });

  it('shows one submission with its authors and reviews, and another conference’s as not found', async () => {
    const detail = await adminSubmissionDetail(database.db, fx.conf, fx.ids.a2);
    expect(detail?.authors.map((a) => a.surname)).toEqual(['Zhang']);
    expect(detail?.averageScore).toBe(9);
    expect(detail?.reviews.map((r) => [r.version, r.reviewerName, r.scores?.overall])).toEqual([
      [2, 'Reviewer One', 9],
      [1, 'Reviewer Two', 2],
    ]);
    expect(await adminSubmissionDetail(database.db, fx.conf, fx.ids.b1)).toBeNull();
    const mine = await fx.call(detailGet, `/api/x/${fx.ids.a1}`, fx.manager, { submissionId: String(fx.ids.a1) });
    expect(mine.status).toBe(200);
    const body = (await mine.json()) as { data: { submission: { code: string }; reviews: unknown[] } };
    expect(body.data.submission.code).toBe('PHY-001');
    expect(body.data.reviews).toHaveLength(2);
    for (const id of [String(fx.ids.b1), 'abc', '0', '99999999999']) {
      expect((await fx.call(detailGet, `/api/x/${id}`, fx.manager, { submissionId: id })).status, id).toBe(404);
    }
  });

  it('refuses participants (403) and anonymous callers (401) on every route', async () => {
    const routes: [RouteHandler, Record<string, string>][] = [
      [listGet, {}],
      [exportGet, {}],
      [statsGet, {}],
      [detailGet, { submissionId: String(fx.ids.a1) }],
      [fileGet, { submissionId: String(fx.ids.a1), fileId: '1' }],
    ];
    for (const [handler, params] of routes) {
      expect((await fx.call(handler, '/api/x', fx.participant, params)).status).toBe(403);
      expect((await fx.call(handler, '/api/x', undefined, params)).status).toBe(401);
    }
  });
});
