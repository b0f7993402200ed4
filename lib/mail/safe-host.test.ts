import { describe, expect, it } from 'vitest';
import { ForbiddenSmtpHostError, isForbiddenAddress, isForbiddenSmtpHost, privateHostsAllowed, vetSmtpHost } from './safe-host';

/** A resolver answering from a table (names the machine cannot look up here); the OS resolver is used elsewhere. */
const table =
  (entries: Record<string, string[]>) =>
  async (host: string): Promise<string[]> =>
    entries[host] ?? Promise.reject(Object.assign(new Error(`${host} not found`), { code: 'ENOTFOUND' }));

describe('the SMTP hosts a conference may use', () => {
  it('refuses internal, reserved and metadata addresses, in IPv4, IPv6 and IPv4-mapped forms', () => {
    const forbidden = [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '100.100.100.200',
      '169.254.169.254',
      '168.63.129.16',
      '192.0.0.192',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::ffff:10.0.0.1',
      'fd00:ec2::254',
      'fc00::1',
      'fe80::1',
      'fe80::1%eth0',
      'ff02::1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      'not an address',
    ];
    for (const address of forbidden) expect(isForbiddenAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '93.184.216.34', '172.32.0.1', '100.128.0.1', '::ffff:8.8.8.8', '2606:4700::1111'])
      expect(isForbiddenAddress(address), address).toBe(false);
  });

  it('resolves numeric forms as the operating system does, then vets what they resolve to', async () => {
    for (const host of ['127.1', '2130706433', '0x7f000001', '0', 'localhost']) {
      await expect(vetSmtpHost(host, { allowPrivate: false }), host).rejects.toBeInstanceOf(ForbiddenSmtpHostError);
      expect(await isForbiddenSmtpHost(host, { allowPrivate: false }), host).toBe(true);
    }
    // Allowed by the setting: the address the OS gives, and no TLS name for a numeric form.
    expect(await vetSmtpHost('2130706433', { allowPrivate: true })).toEqual({ address: '127.0.0.1' });
    expect(await vetSmtpHost('localhost', { allowPrivate: true })).toMatchObject({ servername: 'localhost' });
  });

  it('refuses a name when ANY of its addresses is internal, and connects to a vetted address with the name for TLS', async () => {
    const resolve = table({
      'mixed.example.org': ['93.184.216.34', '10.0.0.5'],
      'v6.example.org': ['2606:4700::1111', 'fd00::1'],
      'smtp.example.org': ['2606:4700::1111', '93.184.216.34'],
    });
    await expect(vetSmtpHost('mixed.example.org', { allowPrivate: false, resolve })).rejects.toBeInstanceOf(ForbiddenSmtpHostError);
    await expect(vetSmtpHost('v6.example.org', { allowPrivate: false, resolve })).rejects.toBeInstanceOf(ForbiddenSmtpHostError);
    expect(await vetSmtpHost('smtp.example.org', { allowPrivate: false, resolve })).toEqual({
      address: '93.184.216.34',
      servername: 'smtp.example.org',
    });
    // A name that does not resolve (now) is not refused at saving; the connection checks again.
    expect(await isForbiddenSmtpHost('gone.example.org', { allowPrivate: false, resolve })).toBe(false);
  });

  it('gives up on a slow resolution', async () => {
    const never = () => new Promise<string[]>(() => undefined);
    await expect(vetSmtpHost('slow.example.org', { resolve: never, timeoutMs: 50 })).rejects.toMatchObject({ code: 'ETIMEDOUT' });
  });

  it('allows private hosts only when told to', () => {
    expect(privateHostsAllowed({})).toBe(false);
    expect(privateHostsAllowed({ MAIL_ALLOW_PRIVATE_HOSTS: '0' })).toBe(false);
    expect(privateHostsAllowed({ MAIL_ALLOW_PRIVATE_HOSTS: '1' })).toBe(true);
  });
});
