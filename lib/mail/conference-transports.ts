import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { conferenceMailConfig } from '@/db/schema';
import { smtpAccountOf } from './conference-config';
import { smtpTransport, type MailTransport } from './transport';

type Entry = { key: string; transport: MailTransport };

/**
 * The conferences' own SMTP transports, built once and kept while their configuration stays the
 * same: an entry is keyed by conference id and the configuration's updatedAt, so a saved change
 * (or switching it off) takes effect on the next pass.
 */
export class ConferenceTransports {
  private readonly entries = new Map<number, Entry>();
  constructor(private readonly build: typeof smtpTransport = smtpTransport) {}

  /** The active transports of these conferences (absent: none active, the platform's is used). */
  async forConferences(db: Executor, conferenceIds: number[]): Promise<Map<number, MailTransport>> {
    const found = new Map<number, MailTransport>();
    if (conferenceIds.length === 0) return found;
    const rows = await db
      .select()
      .from(conferenceMailConfig)
      .where(and(inArray(conferenceMailConfig.conferenceId, conferenceIds), eq(conferenceMailConfig.active, true)));
    for (const row of rows) {
      const key = `${row.conferenceId}:${row.updatedAt.getTime()}`;
      let entry = this.entries.get(row.conferenceId);
      if (entry?.key !== key) {
        entry?.transport.close?.();
        try {
          entry = { key, transport: this.build(smtpAccountOf(row)) };
        } catch (error) {
          // An unreadable stored password (the key changed): this conference's mail waits, others go on.
          console.error(`[mail] conference ${row.conferenceId}: its SMTP settings cannot be used`, error);
          this.entries.delete(row.conferenceId);
          continue;
        }
        this.entries.set(row.conferenceId, entry);
      }
      found.set(row.conferenceId, entry.transport);
    }
    for (const id of conferenceIds) {
      if (!found.has(id) && this.entries.has(id)) {
        this.entries.get(id)!.transport.close?.();
        this.entries.delete(id);
      }
    }
    return found;
  }
}
