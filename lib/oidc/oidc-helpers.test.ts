import { describe, expect, it } from 'vitest';
import { callbackUri, NONCE_LENGTH, randomNonce } from './begin-login';
import { callbackProblem } from './callback-error';
import { insecureAllowed } from './providers/openid-client';

describe('OIDC helpers', () => {
  it('makes 16-character alphanumeric nonces, different each time', () => {
    const nonces = new Set(Array.from({ length: 200 }, () => randomNonce()));
    expect(nonces.size).toBe(200);
    for (const nonce of nonces) expect(nonce).toMatch(new RegExp(`^[A-Za-z0-9]{${NONCE_LENGTH}}$`));
    expect(NONCE_LENGTH).toBe(16);
  });

  it('puts the callback in the visitor’s language', () => {
    expect(callbackUri('https://conf.example.org', 'organisation', 'zh')).toBe('https://conf.example.org/oidcLogin');
    expect(callbackUri('https://conf.example.org', 'central', 'en')).toBe('https://conf.example.org/en/login');
  });

  it('allows plain http only for a loopback issuer', () => {
    expect(insecureAllowed('http://127.0.0.1:4000')).toBe(true);
    expect(insecureAllowed('http://localhost:3900')).toBe(true);
    expect(insecureAllowed('http://idp.example.org')).toBe(false);
    expect(insecureAllowed('http://localhost.evil.example')).toBe(false);
    expect(insecureAllowed('not a url')).toBe(false);
  });

  it('tells what is wrong with a callback address', () => {
    expect(callbackProblem({ code: 'c', state: 's' })).toBeNull();
    expect(callbackProblem({ state: 's' })).toEqual({ key: 'missing' });
    expect(callbackProblem({ error: 'unavailable' })).toEqual({ key: 'unavailable' });
    expect(callbackProblem({ error: 'access_denied<script>' })).toEqual({ key: 'denied', error: 'access_deniedscript' });
  });
});
