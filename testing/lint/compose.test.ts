import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docker-compose.yml carries no secret of its own: each is read from the operator's .env with `${VAR:?message}`, so
 * the stack refuses to start while one is unset or empty, and each is named in .env.example; the consoles (MinIO,
 * Mailpit) listen on this machine only, the site alone on every interface.
 */
const root = process.cwd();
const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
const example = readFileSync(path.join(root, '.env.example'), 'utf8');
const SECRETS = [
  'POSTGRES_PASSWORD',
  'BETTER_AUTH_SECRET',
  'PAYMENT_SECRETS_KEY',
  'MINIO_ROOT_USER',
  'MINIO_ROOT_PASSWORD',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
];
const REQUIRED = /^\$\{([A-Z_]+):\?[^}]+\}$/;

describe('docker-compose.yml', () => {
  it('reads every secret from .env, required, and .env.example names each', () => {
    const settings = [...compose.matchAll(/^ +([A-Z0-9_]+): *(.+)$/gm)].filter(([, key]) => SECRETS.includes(key));
    expect(new Set(settings.map(([, key]) => key))).toEqual(new Set(SECRETS));
    for (const [, key, value] of settings) expect(value.trim(), key).toMatch(REQUIRED);
    expect(compose).toMatch(/DATABASE_URL: postgres:\/\/confhub:\$\{POSTGRES_PASSWORD:\?[^}]+\}@db:5432\/confhub/);
    // The shell of the one-shot bucket job reads them from its environment, not from the file.
    expect(compose).toContain('"$$MINIO_ROOT_USER" "$$MINIO_ROOT_PASSWORD"');
    for (const variable of new Set([...compose.matchAll(/\$\{([A-Z_]+):\?/g)].map((m) => m[1])))
      expect(example, variable).toMatch(new RegExp(`^#? ?${variable}=`, 'm'));
    expect(compose).not.toMatch(/0{64}|confhub-minio-secret|change-me/);
  });

  it('publishes the MinIO and Mailpit consoles on 127.0.0.1 only; the site on every interface', () => {
    const ports = [...compose.matchAll(/ports: \[(.+)\]/g)].flatMap((m) => m[1].split(',').map((p) => p.trim().replace(/'/g, '')));
    expect(ports.sort()).toEqual(['127.0.0.1:8025:8025', '127.0.0.1:9001:9001', '8080:80']);
  });
});
