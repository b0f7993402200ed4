import { afterEach, describe, expect, it } from 'vitest';
import { canonicalAddress, CLIENT_IP_HEADER, clientIp, clientLimitKey } from './client-ip';

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

describe('canonicalAddress', () => {
  it('spells an IPv4-mapped IPv6 address as its IPv4 address, in any spelling', () => {
    expect(canonicalAddress('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(canonicalAddress('::FFFF:c633:6407')).toBe('198.51.100.7');
    expect(canonicalAddress('0:0:0:0:0:ffff:c633:6407')).toBe('198.51.100.7');
  });

  it('writes IPv6 in its RFC 5952 form without a zone; IPv4 and non-addresses stay as they are', () => {
    expect(canonicalAddress('2001:0DB8:0000:0000:0001:0000:0000:0001')).toBe('2001:db8::1:0:0:1');
    expect(canonicalAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(canonicalAddress('::1')).toBe('::1');
    expect(canonicalAddress('203.0.113.5')).toBe('203.0.113.5');
    expect(canonicalAddress('unknown')).toBe('unknown');
  });

  it('is what clientIp answers, so a dual-stack socket and a proxy agree on an IPv4 client', () => {
    delete process.env.TRUST_PROXY;
    expect(clientIp(headers({ [CLIENT_IP_HEADER]: '::ffff:127.0.0.1' }))).toBe('127.0.0.1');
    expect(clientIp(headers({ [CLIENT_IP_HEADER]: '2001:DB8::0:1' }))).toBe('2001:db8::1');
  });
});

describe('clientLimitKey', () => {
  it('keys every address of one IPv6 /64 alike, whatever its spelling', () => {
    const keys = ['2001:db8:0:0:1::1', '2001:db8::2', '2001:0db8:0000:0000:ffff:ffff:ffff:ffff', '2001:DB8::abcd:1%eth0'].map(
      clientLimitKey,
    );
    expect(new Set(keys)).toEqual(new Set(['2001:db8::/64']));
    expect(clientLimitKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientLimitKey('fe80::1')).toBe('fe80::/64');
    expect(clientLimitKey('::1')).toBe('::/64');
  });

  it('keeps neighbouring /64s apart', () => {
    expect(clientLimitKey('2001:db8:0:1::1')).not.toBe(clientLimitKey('2001:db8:0:2::1'));
    expect(clientLimitKey('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
  });

  it('keys IPv4 (plain or mapped) by the whole address', () => {
    expect(clientLimitKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientLimitKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientLimitKey('198.51.100.8')).not.toBe(clientLimitKey('198.51.100.7'));
  });
});
