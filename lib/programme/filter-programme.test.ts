import { describe, expect, it } from 'vitest';
import { sampleProgrammeSnapshot } from '@/testing/fixtures/programme';
import { filterProgramme, findContribution, parseProgrammeFilters, programmeThemes, programmeTypes, shownDay } from './filter-programme';

const codes = (params: Record<string, string>) =>
  filterProgramme(sampleProgrammeSnapshot(), parseProgrammeFilters(params)).flatMap((s) => s.contributions.map((c) => c.code));
const sessions = (params: Record<string, string>) =>
  filterProgramme(sampleProgrammeSnapshot(), parseProgrammeFilters(params)).map((s) => s.id);

describe('the public programme’s filters', () => {
  it('shows the first day unless another day of the programme (or all) is asked for', () => {
    const snapshot = sampleProgrammeSnapshot();
    expect(shownDay(snapshot, parseProgrammeFilters({}))).toBe('2030-10-12');
    expect(shownDay(snapshot, parseProgrammeFilters({ day: '2030-10-13' }))).toBe('2030-10-13');
    expect(shownDay(snapshot, parseProgrammeFilters({ day: '2031-01-01' }))).toBe('2030-10-12');
    expect(shownDay(snapshot, parseProgrammeFilters({ day: 'all' }))).toBe('all');
    expect(sessions({})).toEqual([1, 2, 3, 4]);
    expect(codes({ day: '2030-10-13' })).toEqual(['P-01']);
    expect(codes({ day: 'all' })).toEqual(['K1', 'A-01', 'A-02', 'B-01', 'P-01']);
  });

  it('filters by theme, room (a session for every room stays) and type', () => {
    expect(codes({ theme: '2' })).toEqual(['B-01']);
    expect(sessions({ room: '2' })).toEqual([2, 4]);
    expect(sessions({ type: 'plenary' })).toEqual([1]);
    expect(sessions({ type: 'break' })).toEqual([2]);
  });

  it('searches codes, titles in both languages, authors and affiliations, or keeps a whole session by its title', () => {
    expect(codes({ q: 'topological' })).toEqual(['A-02']);
    expect(codes({ q: '引力波' })).toEqual(['B-01']);
    expect(codes({ q: 'b-01' })).toEqual(['B-01']);
    expect(codes({ q: 'Maria Rossi' })).toEqual(['K1']);
    expect(codes({ q: 'heidelberg' })).toEqual(['A-01', 'A-02', 'B-01']);
    expect(codes({ q: '凝聚态物理' })).toEqual(['A-01', 'A-02']);
    expect(codes({ q: 'nothing like it' })).toEqual([]);
  });

  it('ignores what names nothing: unknown types, ids past their range, over-long searches are cut', () => {
    const filters = parseProgrammeFilters({ type: 'party', theme: '-1', room: '99999999999', q: `${'x'.repeat(500)}`, day: '../etc' });
    expect(filters).toEqual({ day: null, themeId: null, roomId: null, type: null, q: 'x'.repeat(100) });
    expect(parseProgrammeFilters({ theme: ['1', '2'] }).themeId).toBe(1);
  });

  it('lists the themes and types the programme has, and finds a contribution by its code', () => {
    const snapshot = sampleProgrammeSnapshot();
    expect(programmeThemes(snapshot).map((t) => t.id)).toEqual([1, 2]);
    expect(programmeTypes(snapshot)).toEqual(['plenary', 'parallel', 'poster', 'break']);
    expect(findContribution(snapshot, 'P-01')?.session.id).toBe(5);
    expect(findContribution(snapshot, 'p-01')).toBeNull();
  });
});
