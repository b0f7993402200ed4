import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import journal from './migrations/meta/_journal.json';

/**
 * Migration 0023 on a database holding invoice requests made before it: every existing request
 * becomes an ordinary VAT invoice delivered by post (they were all posted paper invoices), keeps its
 * address and tracking number, and has no special-invoice details and no attached file.
 */

const dir = path.join(process.cwd(), 'db', 'migrations');
const statements = (tag: string) =>
  readFileSync(path.join(dir, `${tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

describe('migration 0023_invoice_finance', () => {
  const pg = new PGlite();
  afterAll(() => pg.close());

  it('turns existing requests into ordinary invoices by post', async () => {
    const tags = journal.entries.map((e) => e.tag);
    const at = tags.indexOf('0023_invoice_finance');
    expect(at).toBeGreaterThan(0);
    for (const tag of tags.slice(0, at)) for (const sql of statements(tag)) await pg.exec(sql);
    // A request as the old schema stored it (foreign keys aside: only the invoice columns matter here).
    await pg.exec(`set session_replication_role = replica`);
    await pg.exec(`insert into invoice_request (conference_id, order_id, user_id, title_type, title, recipient_name, phone, address, email,
      amount_minor, currency, status, tracking_number) values (1, 1, 'u1', 'company', 'ACME', '张三', '13800138000', '北京', 'a@example.org',
      120000, 'CNY', 'invoiced', 'SF123')`);
    await pg.exec(`set session_replication_role = origin`);
    for (const tag of tags.slice(at)) for (const sql of statements(tag)) await pg.exec(sql);
    const { rows } = await pg.query(`select * from invoice_request`);
    expect(rows).toEqual([
      expect.objectContaining({
        type: 'ordinary',
        delivery: 'post',
        address: '北京',
        tracking_number: 'SF123',
        status: 'invoiced',
        registered_address: '',
        bank_account: '',
        invoice_file_id: null,
      }),
    ]);
    // A new request must say how it is delivered, and only by email or by post.
    await expect(
      pg.exec(`insert into invoice_request (conference_id, order_id, user_id, title_type, title, email, amount_minor, currency)
        values (1, 2, 'u1', 'personal', 'x', 'a@example.org', 1, 'CNY')`),
    ).rejects.toThrow(/delivery/);
  });
});
