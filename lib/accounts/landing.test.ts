import { describe, expect, it } from 'vitest';
import { landingPathFor } from './landing';

const none = { platformAdmin: false, manager: false, reviewer: false, checkin: false };

describe('landingPathFor', () => {
  it('lands each role on its own page (spec §4)', () => {
    expect(landingPathFor({ roles: { ...none, manager: true }, registered: false })).toBe('/platform');
    expect(landingPathFor({ roles: { ...none, manager: true, platformAdmin: true, reviewer: true }, registered: true })).toBe('/platform');
    expect(landingPathFor({ roles: { ...none, platformAdmin: true }, registered: true })).toBe('/console');
    expect(landingPathFor({ roles: { ...none, reviewer: true }, registered: false })).toBe('/platform/submissionManage/user');
    expect(landingPathFor({ roles: none, registered: true })).toBe('/profile/userInfo');
    expect(landingPathFor({ roles: none, registered: false })).toBe('/conferenceRegister');
  });

  it('lets a redirect of this site win, and only of this site', () => {
    const manager = { roles: { ...none, manager: true }, registered: false };
    expect(landingPathFor({ ...manager, redirect: '/profile/order/list?x=1' })).toBe('/profile/order/list?x=1');
    expect(landingPathFor({ ...manager, redirect: '/conferenceRegister' })).toBe('/conferenceRegister');
    for (const evil of ['https://evil.example/x', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/\t/evil.example']) {
      expect(landingPathFor({ ...manager, redirect: evil })).toBe('/platform');
    }
  });

  it('takes the sign-in pages and the home page for no destination', () => {
    const reviewer = { roles: { ...none, reviewer: true }, registered: false };
    for (const path of ['/', '/?x=1', '/conferencelogin', '/conferencelogin?redirect=%2F', '/userRegister', '/oidcLogin', '/login', '']) {
      expect(landingPathFor({ ...reviewer, redirect: path })).toBe('/platform/submissionManage/user');
    }
    expect(landingPathFor({ ...reviewer, redirect: '/page/3' })).toBe('/page/3');
  });
});
