import path from 'node:path';
import type { Executor } from '@/db/client';
import { AppError } from '@/lib/http/app-error';
import { localized } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import { createPdfWorkerPool } from '@/lib/payments/receipt-worker-pool';
import { issueTicketForAccount, type IssuedTicket } from './issue-ticket';

/** A ticket as the worker (lib/tickets/ticket-worker.mjs) draws it: every text final, in the holder's language. */
export type TicketLayout = {
  lang: 'zh' | 'en';
  /** ISO time, the PDF's CreationDate. */
  createdAt: string;
  conference: string;
  heading: string;
  name: string;
  organisation: string;
  codeLabel: string;
  code: string;
  feeLabel: string;
  /** The registration fee's name ('' on a free conference). */
  fee: string;
  note: string;
  /** The signed token the QR code holds (lib/tickets/token.ts). */
  token: string;
};

/** Found from the working directory, like the receipts' worker (next.config.mjs traces it for deployments). */
export function ticketWorkerScript(): string {
  return path.join(/* turbopackIgnore: true */ process.cwd(), 'lib', 'tickets', 'ticket-worker.mjs');
}

type TicketPool = ReturnType<typeof createPdfWorkerPool<TicketLayout>>;
const poolKey = Symbol.for('confhub.ticketWorkerPool');

/** The process's one ticket worker pool (off the event loop, bounded queue, two at a time per account). */
function ticketWorkerPool(): TicketPool {
  const holder = globalThis as Record<symbol, TicketPool | undefined>;
  return (holder[poolKey] ??= createPdfWorkerPool<TicketLayout>(ticketWorkerScript, 'ticket'));
}

/** The ticket's PDF, drawn in a worker thread; counted against `account` while it is made. */
export async function ticketPdf(layout: TicketLayout, account: string): Promise<Uint8Array> {
  return ticketWorkerPool().render(layout, account);
}

/** The layout of an issued ticket, in the holder's language (the PDF is theirs whatever page asked for it). */
export function ticketLayout(issued: IssuedTicket, now = new Date()): TicketLayout {
  const { holder } = issued;
  const locale = holder.locale;
  const t = serverTranslator(locale, 'ticket');
  return {
    lang: locale,
    createdAt: now.toISOString(),
    conference: localized(holder.conferenceTitle, locale),
    heading: t('heading'),
    name: holder.name,
    organisation: holder.organisation,
    codeLabel: t('registrationNo'),
    code: holder.code,
    feeLabel: t('fee'),
    fee: holder.feeCategory ? localized(holder.feeCategory, locale) : '',
    note: t('pdfNote'),
    token: issued.token,
  };
}

/** The caller's own ticket as a PDF (issued now if their registration is complete); TICKET_NOT_FOUND otherwise. */
export async function myTicketPdf(db: Executor, { conferenceId, userId }: { conferenceId: number; userId: string }) {
  const issued = await issueTicketForAccount(db, { conferenceId, userId });
  if (!issued) throw new AppError('TICKET_NOT_FOUND');
  const pdf = await ticketPdf(ticketLayout(issued), userId);
  return { pdf, fileName: `ticket-${issued.holder.code}.pdf` };
}
