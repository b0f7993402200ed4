import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encryptSecrets, forgetSecretsKey } from '@/lib/server/secrets';
import { tsxScriptArgs } from '@/scripts/node/tsx-args';
import { secretsKeyProblem } from './secrets-key';

/**
 * The at-rest key a deployment must bring: on PostgreSQL in production the server refuses to start without a key of
 * its own (unset, empty, or the all-zero key an example carried), while the zero-setup start on the embedded database
 * still derives one.
 */
const ZEROS_HEX = '0'.repeat(64);
const ZEROS_BASE64 = Buffer.alloc(32).toString('base64');
const GOOD = randomBytes(32).toString('hex');
const POSTGRES = 'postgres://confhub:pw@127.0.0.1:1/none';

describe('the at-rest key’s setting', () => {
  const saved = { ...process.env };
  const env = process.env as Record<string, string | undefined>;
  afterEach(() => {
    for (const name of ['NODE_ENV', 'DATABASE_URL', 'PAYMENT_SECRETS_KEY']) {
      if (saved[name] === undefined) delete env[name];
      else env[name] = saved[name];
    }
    forgetSecretsKey();
  });

  it('refuses, in production on PostgreSQL, an unset, empty or all-zero key', () => {
    const deployment = { NODE_ENV: 'production', DATABASE_URL: POSTGRES } as const;
    for (const key of [undefined, '', '   ', ZEROS_HEX, ZEROS_BASE64])
      expect(secretsKeyProblem({ ...deployment, PAYMENT_SECRETS_KEY: key }), String(key)).toMatch(/PAYMENT_SECRETS_KEY/);
    expect(secretsKeyProblem({ ...deployment, PAYMENT_SECRETS_KEY: GOOD })).toBeNull();
    expect(secretsKeyProblem({ ...deployment, PAYMENT_SECRETS_KEY: randomBytes(32).toString('base64') })).toBeNull();
  });

  it('lets the embedded database start without a key (the demo), never with the all-zero one in production', () => {
    expect(secretsKeyProblem({ NODE_ENV: 'production' })).toBeNull();
    expect(secretsKeyProblem({ NODE_ENV: 'production', DATABASE_URL: '', PAYMENT_SECRETS_KEY: '' })).toBeNull();
    expect(secretsKeyProblem({ NODE_ENV: 'production', PAYMENT_SECRETS_KEY: ZEROS_HEX })).toMatch(/all zeros/);
    // Development and tests on PostgreSQL derive one, as before.
    expect(secretsKeyProblem({ NODE_ENV: 'development', DATABASE_URL: POSTGRES })).toBeNull();
    // A key of the wrong length, anywhere.
    expect(secretsKeyProblem({ NODE_ENV: 'development', PAYMENT_SECRETS_KEY: 'abcd' })).toMatch(/32 bytes/);
  });

  it('never encrypts with a refused key', () => {
    Object.assign(process.env, { NODE_ENV: 'production', DATABASE_URL: POSTGRES, PAYMENT_SECRETS_KEY: ZEROS_HEX });
    expect(() => encryptSecrets({ a: 'b' })).toThrow(/all zeros/);
    forgetSecretsKey();
    process.env.PAYMENT_SECRETS_KEY = GOOD;
    expect(encryptSecrets({ a: 'b' })).toMatch(/^v1\./);
  });

  it('a server process on PostgreSQL without a key of its own exits before it opens the database', async () => {
    Object.assign(process.env, { NODE_ENV: 'production', DATABASE_URL: POSTGRES, PAYMENT_SECRETS_KEY: '' });
    const exit = vi.spyOn(process, 'exit').mockImplementation(((code?: number) => {
      throw new Error(`exit ${code}`);
    }) as typeof process.exit);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { bootServer } = await import('./boot');
      await expect(bootServer()).rejects.toThrow('exit 1');
      expect(String(error.mock.calls[0]?.[0])).toMatch(/PAYMENT_SECRETS_KEY must be set/);
    } finally {
      exit.mockRestore();
      error.mockRestore();
    }
  }, 60_000);

  it('`npm start` on PostgreSQL without a key of its own stops at once with the reason', () => {
    // The key docker-compose.yml once carried.
    const run = spawnSync(process.execPath, tsxScriptArgs('scripts/start.ts'), {
      env: { ...process.env, DATABASE_URL: POSTGRES, BETTER_AUTH_SECRET: 'x'.repeat(40), PAYMENT_SECRETS_KEY: ZEROS_HEX },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/PAYMENT_SECRETS_KEY is all zeros/);
  }, 120_000);
});
