import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps paths of this site', () => {
    expect(safeReturnPath('/profile/userInfo?tab=1')).toBe('/profile/userInfo?tab=1');
    expect(safeReturnPath('/')).toBe('/');
  });
  it.each([
    '//evil.example',
    '/\t/evil.example',
    '/\\evil.example',
    '/\n/evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '',
    null,
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});
