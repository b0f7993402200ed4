import { describe, expect, it } from 'vitest';
import { localePath } from './locale-path';

describe('localePath', () => {
  it('leaves Chinese unprefixed and puts English under /en', () => {
    expect(localePath('zh', '/')).toBe('/');
    expect(localePath('zh', '/page/3?x=1')).toBe('/page/3?x=1');
    expect(localePath('en', '/')).toBe('/en');
    expect(localePath('en', '/?x=2')).toBe('/en?x=2');
    expect(localePath('en', '/conferencelogin?redirect=%2F')).toBe('/en/conferencelogin?redirect=%2F');
  });
});
