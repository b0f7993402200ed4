/**
 * What the browser specs that start the app themselves share (e2e/cluster.spec.ts, e2e/nodes.spec.ts): a free port,
 * a scratch PostgreSQL database of their own, and the website settings body an organiser saves to rename a conference.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A database created on the server of `adminUrl` (named `<prefix>_<random>`), its address, and how to drop it. */
export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** The body of POST /api/conference/platform/config/website/save that renames a conference. */
export function websiteSettingsBody(title: { zh: string; en: string }, shortTitle: { zh: string; en: string }) {
  return {
    title,
    title2: { zh: '', en: '' },
    title3: { zh: '', en: '' },
    shortTitle,
    department: { zh: '', en: '' },
    city: { zh: '', en: '' },
    address: { zh: '', en: '' },
    languageType: 3,
  };
}
