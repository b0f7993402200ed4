import { describe, expect, it } from 'vitest';
import { callState, DEFAULT_CALL_CONFIG, ZCallConfig, ZSessionInput } from './config-schemas';
import { buildSessionTree, flattenSessions, sessionPathLabel } from './session-tree';

const dates = { enabled: true, openDate: '2026-03-01', firstDeadline: '2026-04-30', secondDeadline: '2026-05-15' };

describe('callState', () => {
  it('walks closed → notOpen → open → firstPassed → secondPassed, deadlines inclusive', () => {
    expect(callState({ ...dates, enabled: false }, '2026-03-10')).toBe('closed');
    expect(callState({ ...dates, openDate: '' }, '2026-03-10')).toBe('closed');
    expect(callState(dates, '2026-02-28')).toBe('notOpen');
    expect(callState(dates, '2026-03-01')).toBe('open');
    expect(callState(dates, '2026-04-30')).toBe('open');
    expect(callState(dates, '2026-05-01')).toBe('firstPassed');
    expect(callState(dates, '2026-05-15')).toBe('firstPassed');
    expect(callState(dates, '2026-05-16')).toBe('secondPassed');
    // Without a second deadline changes end with the first.
    expect(callState({ ...dates, secondDeadline: '' }, '2026-05-01')).toBe('secondPassed');
  });
});

describe('ZCallConfig', () => {
  const issue = (value: Record<string, unknown>) => ZCallConfig.safeParse({ ...dates, ...value }).error?.issues[0];

  it('has the defaults of a new call when nothing is given: both files required (spec §5)', () => {
    expect(DEFAULT_CALL_CONFIG).toMatchObject({
      enabled: false,
      abstractFileRequired: true,
      fullTextRequired: true,
      cap: 0,
      keywordsMin: 1,
      keywordsMax: 8,
      fullTextMaxMb: 20,
      feeCurrency: 'CNY',
    });
  });

  it('refuses dates out of order, with the field and the message key', () => {
    expect(issue({ firstDeadline: '2026-02-01' })).toMatchObject({ path: ['firstDeadline'], message: 'contributeFirstBeforeOpen' });
    expect(issue({ secondDeadline: '2026-04-01' })).toMatchObject({ path: ['secondDeadline'], message: 'contributeSecondBeforeFirst' });
    expect(issue({ secondDeadline: '2026-02-01', firstDeadline: '', enabled: false })).toMatchObject({ message: 'contributeDateRequired' });
    expect(issue({ firstDeadline: '', secondDeadline: '' })).toMatchObject({ path: ['firstDeadline'], message: 'contributeDateRequired' });
    expect(issue({ openDate: '2026-02-30' })).toMatchObject({ path: ['openDate'], message: 'dateInvalid' });
    expect(issue({ secondDeadline: '2026-04-30' })).toBeUndefined();
  });

  it('refuses bad limits, keywords, files, fee and lists', () => {
    expect(issue({ cap: -1 })?.message).toBe('contributeCapInvalid');
    expect(issue({ cap: 1.5 })?.message).toBe('contributeCapInvalid');
    expect(issue({ cap: 3, perUserLimit: 4 })?.message).toBe('contributePerUserAboveCap');
    expect(issue({ keywordsMin: 5, keywordsMax: 3 })?.message).toBe('contributeKeywordsOrder');
    expect(issue({ abstractFileTypes: ['exe'] })?.message).toBe('invalidChoice');
    expect(issue({ fullTextTypes: [] })?.message).toBe('contributeFileTypesRequired');
    expect(issue({ fullTextMaxMb: 21 })?.message).toBe('contributeFileSizeRange');
    expect(issue({ abstractFileMaxMb: 0 })?.message).toBe('contributeFileSizeRange');
    expect(issue({ feeMinor: 12.5 })?.message).toBe('contributeFeeInvalid');
    expect(issue({ feeCurrency: 'XXX' })?.message).toBe('invalidChoice');
    const choice = { value: 'oral', label: { zh: '口头报告', en: 'Oral' } };
    expect(issue({ reportTypes: [choice, { ...choice, value: 'ORAL' }] })).toMatchObject({
      path: ['reportTypes', 1, 'value'],
      message: 'optionsDuplicate',
    });
    expect(issue({ categories: [{ ...choice, value: 'a b' }] })?.message).toBe('contributeChoiceValueInvalid');
    expect(issue({ categories: [{ ...choice, label: { zh: '', en: 'Oral' } }] })?.message).toBe('labelRequired');
    expect(ZCallConfig.parse({ ...dates, fullTextTypes: ['pdf', 'pdf', 'docx'] }).fullTextTypes).toEqual(['pdf', 'docx']);
  });
});

describe('session tree', () => {
  it('sorts each level by order then id, and flattens parents before children with their path', () => {
    const row = (id: number, parentId: number | null, sortOrder: number, en: string) => ({
      id,
      parentId,
      sortOrder,
      prefix: '',
      name: { zh: en, en },
    });
    const tree = buildSessionTree([
      row(1, null, 1, 'B'),
      row(2, null, 0, 'A'),
      row(3, 1, 0, 'B1'),
      row(4, 9, 0, 'orphan'),
      row(5, 1, 0, 'B0'),
    ]);
    const flat = flattenSessions(tree);
    expect(flat.map((s) => [s.name.en, s.depth])).toEqual([
      ['A', 0],
      ['B', 0],
      ['B1', 1],
      ['B0', 1],
    ]);
    expect(sessionPathLabel(flat[2], 'en')).toBe('B / B1');
  });
});

describe('session code prefix', () => {
  const input = (prefix: string) => ZSessionInput.safeParse({ name: { zh: '专题', en: 'Topic' }, prefix });
  it('takes letters, digits, - and _ but never a digit last, so no two codes read the same', () => {
    for (const ok of ['', 'S', 'A-', 'B2B', 'T_', 'x1y']) expect(input(ok).success, ok).toBe(true);
    for (const bad of ['S1', 'A-1', '9', 'A 1', 'S/']) {
      const parsed = input(bad);
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0].message, bad).toBe('sessionPrefixInvalid');
    }
  });
});
