import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pagedListParams } from './list-params';

const ZQuery = z.object({
  q: z.string().max(5).default(''),
  pay: z.enum(['', 'paid']).default(''),
  page: z.coerce.number().int().min(1).default(1),
});
const list = pagedListParams(ZQuery, '/platform/manage/x', ['q', 'pay']);

describe('a paged list address', () => {
  it('reads the filters and the page, the first value of a repeated name', () => {
    expect(list.queryFrom({ q: ['ab', 'cd'], pay: 'paid', page: '3', other: 'x' })).toEqual({ q: 'ab', pay: 'paid', page: 3 });
  });

  it('falls back to the defaults when anything is malformed', () => {
    expect(list.queryFrom({ q: 'far too long', page: '2' })).toEqual({ q: '', pay: '', page: 1 });
    expect(list.queryFrom({ page: '0' })).toEqual({ q: '', pay: '', page: 1 });
  });

  it('writes the filters that are set, the page past the first, and extras', () => {
    expect(list.href({ q: '', pay: 'paid', page: 1 })).toBe('/platform/manage/x?pay=paid');
    expect(list.href({ q: 'a b', pay: '', page: 2 })).toBe('/platform/manage/x?q=a+b&page=2');
    expect(list.href({ page: 1 })).toBe('/platform/manage/x');
    expect(list.href({}, { id: '7' })).toBe('/platform/manage/x?id=7');
    expect(list.search({ q: 'z', page: 4 }, { lang: 'en' }).toString()).toBe('q=z&lang=en');
  });
});
