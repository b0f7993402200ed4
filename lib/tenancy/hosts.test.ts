import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { centralOrigin, isPlatformControlled, shareAddress, signsInCentrally } from '@/lib/auth/sso-hosts';
import { isPlatformHost, slugOfPlatformSubdomain } from './hosts';

describe('the installation’s hosts', () => {
  const saved = { ...process.env };
  beforeEach(() => {
    process.env.PLATFORM_HOSTS = 'confhub.example.net';
    delete process.env.PLATFORM_URL;
    delete process.env.BETTER_AUTH_URL;
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  it('names a conference site under the platform’s hosts by its slug', () => {
    expect(slugOfPlatformSubdomain('bio.localhost:3000')).toBe('bio');
    expect(slugOfPlatformSubdomain('bio.confhub.example.net')).toBe('bio');
    expect(slugOfPlatformSubdomain('x.bio.confhub.example.net')).toBe('bio');
    expect(slugOfPlatformSubdomain('confhub.example.net')).toBeNull();
    expect(slugOfPlatformSubdomain('bio.example.org')).toBeNull();
    expect(slugOfPlatformSubdomain('evilconfhub.example.net')).toBeNull();
    expect(isPlatformHost('bio.confhub.example.net')).toBe(true);
    expect(isPlatformHost('conf.example.org')).toBe(false);
  });

  it('sends conference sites to the central sign-in, never the platform’s own hosts', () => {
    expect(centralOrigin('http://bio.localhost:3210')).toBe('http://localhost:3210');
    expect(signsInCentrally('http://bio.localhost:3210')).toBe(true);
    expect(signsInCentrally('https://conf.example.org')).toBe(true);
    expect(signsInCentrally('http://localhost:3210')).toBe(false);
    expect(signsInCentrally('http://127.0.0.1:3210')).toBe(false);
    expect(signsInCentrally('https://confhub.example.net')).toBe(false);
    process.env.PLATFORM_URL = 'https://confhub.example.net';
    expect(centralOrigin('https://bio.confhub.example.net')).toBe('https://confhub.example.net');
    expect(signsInCentrally('https://bio.confhub.example.net')).toBe(true);
    expect(shareAddress('http://localhost:3000', '/profile', 'zh')).toBeNull();
    const share = new URL(shareAddress('https://bio.confhub.example.net', '/en/profile', 'en')!);
    expect(share.origin + share.pathname).toBe('https://confhub.example.net/api/sso/begin');
    expect(share.searchParams.get('peer')).toBe('https://bio.confhub.example.net');
    expect(share.searchParams.get('return')).toBe('https://bio.confhub.example.net/en/profile');
  });

  it('asks before a code goes to a conference’s own domain', () => {
    expect(isPlatformControlled('bio.localhost:3000')).toBe(true);
    expect(isPlatformControlled('bio.confhub.example.net')).toBe(true);
    expect(isPlatformControlled('localhost')).toBe(true);
    expect(isPlatformControlled('conf.example.org')).toBe(false);
  });
});
