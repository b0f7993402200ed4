import { describe, expect, it } from 'vitest';
import { coversSession } from './assign';
import { conflictReason, normaliseOrganization } from './conflicts';
import { DEFAULT_SCALES, ZReviewConfigInput, scoresOutOfScale } from './schemas';

describe('review rules', () => {
  it('compares organisations loosely', () => {
    expect(normaliseOrganization('  Tsinghua   University. ')).toBe(normaliseOrganization('tsinghua university'));
    expect(normaliseOrganization('清华大学')).toBe('清华大学');
    expect(normaliseOrganization('MIT')).not.toBe(normaliseOrganization('Caltech'));
  });

  it('finds the conflict reasons, and none for a stranger', () => {
    const rev = { id: 1, userId: 'u-rev', organization: 'Peking University', emails: ['Rev@Example.org', ''] };
    const stranger = { userId: 'u-author', email: 'author@elsewhere.example' };
    const authors = [{ submissionId: 1, email: 'someone@pku.example', company: 'Other' }];
    expect(conflictReason(rev, stranger, authors, false)).toBeNull();
    expect(conflictReason(rev, stranger, authors, true)).toBe('declared');
    expect(conflictReason(rev, stranger, [{ submissionId: 1, email: 'rev@example.org ', company: 'X' }], false)).toBe('coauthor');
    expect(conflictReason(rev, stranger, [{ submissionId: 1, email: 'a@b.c', company: 'peking university' }], false)).toBe('organization');
    // The reviewer's own submission, by account or by the account's email, even when they list nobody like them as an author.
    expect(conflictReason(rev, { userId: 'u-rev', email: 'other@x.example' }, authors, false)).toBe('submitter');
    expect(conflictReason({ ...rev, userId: null }, { userId: 'u-9', email: 'REV@example.org' }, authors, false)).toBe('submitter');
    // An empty organisation is no organisation: no conflict with authors who gave none.
    expect(conflictReason({ ...rev, organization: '' }, stranger, [{ submissionId: 1, email: 'a@b.c', company: '' }], false)).toBeNull();
  });

  it('covers a session directly, through a parent, or all when none is named', () => {
    const parents = new Map<number, number | null>([
      [1, null],
      [2, 1],
      [3, 2],
      [4, null],
    ]);
    expect(coversSession([], 3, parents)).toBe(true);
    expect(coversSession([1], 3, parents)).toBe(true);
    expect(coversSession([4], 3, parents)).toBe(false);
    expect(coversSession([4], null, parents)).toBe(false);
  });

  it('checks scores against their scales', () => {
    const ok = { overall: 10, relevance: 1, englishLevel: 5, originality: 3, recommend: 3 };
    expect(scoresOutOfScale(ok, DEFAULT_SCALES)).toEqual([]);
    expect(scoresOutOfScale({ ...ok, overall: 11, recommend: 0 }, DEFAULT_SCALES)).toEqual(['overall', 'recommend']);
  });

  it('keeps each rule within 100 characters in each language', () => {
    const base = { blind: true, scales: DEFAULT_SCALES, reviewersPerSubmission: 2 };
    expect(ZReviewConfigInput.safeParse({ ...base, rules: [{ zh: '字'.repeat(100), en: 'a'.repeat(100) }] }).success).toBe(true);
    expect(ZReviewConfigInput.safeParse({ ...base, rules: [{ zh: '字'.repeat(101), en: '' }] }).success).toBe(false);
    expect(ZReviewConfigInput.safeParse({ ...base, rules: [{ zh: '', en: 'a'.repeat(101) }] }).success).toBe(false);
    expect(ZReviewConfigInput.safeParse({ ...base, rules: [{ zh: ' ', en: '' }] }).success).toBe(false);
    expect(ZReviewConfigInput.safeParse({ ...base, rules: [], scales: { ...DEFAULT_SCALES, overall: { min: 5, max: 5 } } }).success).toBe(
      false,
    );
  });
});
