import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER, clientIp } from './client-ip';

const headers = (h: Record<string, string>) => new Headers(h);

describe('clientIp', () => {
  const trust = process.env.TRUST_PROXY;
  afterEach(() => {
    if (trust === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = trust;
  });

  it('is the socket address serve.ts passes on; X-Forwarded-For is ignored without TRUST_PROXY', () => {
    delete process.env.TRUST_PROXY;
    expect(clientIp(headers({ [CLIENT_IP_HEADER]: '198.51.100.7', 'x-forwarded-for': '1.2.3.4' }))).toBe('198.51.100.7');
    expect(clientIp(headers({ 'x-forwarded-for': '1.2.3.4', 'x-real-ip': '1.2.3.4' }))).toBeNull();
  });

  it("with TRUST_PROXY=1 is the proxy's own (last) X-Forwarded-For entry, never one the client wrote", () => {
    process.env.TRUST_PROXY = '1';
    expect(clientIp(headers({ 'x-forwarded-for': '6.6.6.6, 203.0.113.5', [CLIENT_IP_HEADER]: '10.0.0.2' }))).toBe('203.0.113.5');
    expect(clientIp(headers({ 'x-real-ip': '203.0.113.6', [CLIENT_IP_HEADER]: '10.0.0.2' }))).toBe('203.0.113.6');
    expect(clientIp(headers({ [CLIENT_IP_HEADER]: '10.0.0.2' }))).toBe('10.0.0.2');
  });
});
