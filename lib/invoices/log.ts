import type { Executor } from '@/db/client';
import { invoiceEvent } from '@/db/schema';

/** Appends a move of an invoice request: who, from which status (null: just requested) to which. */
export async function logInvoice(
  tx: Executor,
  invoice: { id: number; conferenceId: number },
  move: { from: string | null; to: string; actor: string | null; note?: string },
) {
  await tx.insert(invoiceEvent).values({
    conferenceId: invoice.conferenceId,
    invoiceId: invoice.id,
    actorUserId: move.actor,
    fromStatus: move.from,
    toStatus: move.to,
    note: move.note ?? '',
  });
}
