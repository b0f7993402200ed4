import { describe, expect, it } from 'vitest';
import { registrantListHref, registrantQueryFrom, registrantSearch } from './list-params';

describe("the registrant list's address", () => {
  it('reads the filters and the page, and writes them back with the shared paging helpers', () => {
    const query = registrantQueryFrom({ q: 'fudan', from: '2026-03-01', to: '2026-03-02', pay: 'paid', fee: '7', page: '3' });
    expect(query).toMatchObject({ q: 'fudan', from: '2026-03-01', to: '2026-03-02', pay: 'paid', fee: 7, page: 3, invalidDate: false });
    expect(registrantListHref({ ...query, page: 2 })).toBe(
      '/platform/manage/user?q=fudan&from=2026-03-01&to=2026-03-02&pay=paid&fee=7&page=2',
    );
    expect(registrantListHref({ ...query, page: 1 })).toBe('/platform/manage/user?q=fudan&from=2026-03-01&to=2026-03-02&pay=paid&fee=7');
    expect(registrantSearch(query, { lang: 'en' }).toString()).toBe('q=fudan&from=2026-03-01&to=2026-03-02&pay=paid&fee=7&lang=en');
  });

  it('falls back to the defaults on a malformed address and says when a date was not one', () => {
    expect(registrantQueryFrom({ from: '2026-3-1' })).toMatchObject({ from: '', page: 1, invalidDate: true });
    expect(registrantQueryFrom({ to: ['2026-02-30'] }).invalidDate).toBe(true);
    expect(registrantQueryFrom({ page: 'x' })).toMatchObject({ page: 1, invalidDate: false });
    expect(registrantListHref(registrantQueryFrom({}))).toBe('/platform/manage/user');
  });
});
