import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { reviewConfig } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { GET as configGet, POST as configPost } from '@/app/api/conference/platform/config/review/route';
import { DEFAULT_SCALES } from './schemas';
import { callHandler, plantAccount } from '@/testing/harness/conference';
import { plantReviewConference, plantReviewer, type ReviewFixture } from '@/testing/fixtures/review';

/** The review settings: managers only; a rule over 100 characters or a bad scale is refused and nothing is stored. */
describe.each(testBackends())('review settings on %s', (backend) => {
  let database: Database;
  let fx: ReviewFixture;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantReviewConference(database, 'reviewcfg');
  });
  afterAll(async () => {
    await database.close();
  });

  it('saves what a manager sends and refuses the rest', async () => {
    const manager = await plantAccount(database, fx.conferenceId, 'manager');
    const rev = await plantReviewer(database, fx.conferenceId, { role: 'chair' });
    const good = {
      rules: [{ zh: '请关注创新性', en: 'Mind the originality' }],
      blind: false,
      scales: DEFAULT_SCALES,
      reviewersPerSubmission: 3,
    };
    const post = (body: unknown, token = manager.token) => callHandler(configPost, fx, { token, body: JSON.stringify(body) });

    const tooLong = await post({ ...good, rules: [{ zh: '长'.repeat(101), en: 'ok' }] }, manager.token);
    expect(tooLong.status).toBe(400);
    expect(tooLong.json?.message).toContain('100');
    expect((await post({ ...good, scales: { ...DEFAULT_SCALES, recommend: { min: 3, max: 1 } } })).status).toBe(400);
    expect((await post(good, rev.token)).status).toBe(403);
    expect(await database.db.select().from(reviewConfig)).toHaveLength(0);

    expect((await post(good)).status).toBe(200);
    const read = await callHandler(configGet, fx, { method: 'GET', token: manager.token });
    expect(read.json?.data).toEqual(good);
  });
});
