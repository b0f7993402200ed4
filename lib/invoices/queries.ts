import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { escapeLike } from '@/db/like';
import { conferenceOrder, invoiceRequest, user } from '@/db/schema';
import { startOfDayIn } from '@/lib/i18n/zone';
import { invoiceDeadline, invoiceEligibility, type InvoiceEligibility } from './rules';
import type { InvoiceListQuery } from './schemas';

export type InvoiceRow = typeof invoiceRequest.$inferSelect;
/** What the requester sees of their request (not who of the managers moved it). */
export type MyInvoice = Omit<InvoiceRow, 'userId' | 'updatedBy'>;

export type MyInvoiceView = {
  order: { id: number; orderNo: string; amountMinor: number; currency: string; paidAt: Date | null };
  /** 'requested' once a request exists; otherwise whether one may be made now. */
  state: 'requested' | InvoiceEligibility;
  /** The last moment a request can be made (null while unpaid). */
  deadline: Date | null;
  request: MyInvoice | null;
};

const mine = ({ userId: _user, updatedBy: _by, ...rest }: InvoiceRow): MyInvoice => rest;

/**
 * My order's invoice: the request if I made one, else whether I may (paid, within 90 days). Null
 * when the order is not mine or not at this conference.
 */
export async function myInvoiceView(
  db: Executor,
  params: { conferenceId: number; userId: string; orderId: number; now?: Date },
): Promise<MyInvoiceView | null> {
  const [row] = await db
    .select({ order: conferenceOrder, request: invoiceRequest })
    .from(conferenceOrder)
    .leftJoin(invoiceRequest, and(eq(invoiceRequest.orderId, conferenceOrder.id), eq(invoiceRequest.conferenceId, params.conferenceId)))
    .where(
      and(
        eq(conferenceOrder.conferenceId, params.conferenceId),
        eq(conferenceOrder.userId, params.userId),
        eq(conferenceOrder.id, params.orderId),
      ),
    );
  if (!row) return null;
  const { order, request } = row;
  return {
    order: { id: order.id, orderNo: order.orderNo, amountMinor: order.totalMinor, currency: order.currency, paidAt: order.paidAt },
    state: request ? 'requested' : invoiceEligibility(order, params.now ?? new Date()),
    deadline: order.paidAt ? invoiceDeadline(order.paidAt) : null,
    request: request ? mine(request) : null,
  };
}

/** The list's WHERE: the conference first, then the filters; dates are days in the conference's zone. */
function conditions(conferenceId: number, q: Omit<InvoiceListQuery, 'page' | 'size'>, timeZone: string): SQL {
  const parts: SQL[] = [eq(invoiceRequest.conferenceId, conferenceId), eq(conferenceOrder.conferenceId, conferenceId)];
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    parts.push(
      or(
        ilike(conferenceOrder.orderNo, like),
        ilike(invoiceRequest.title, like),
        ilike(invoiceRequest.recipientName, like),
        ilike(invoiceRequest.email, like),
        ilike(user.name, like),
        ilike(user.email, like),
      )!,
    );
  }
  if (q.status) parts.push(eq(invoiceRequest.status, q.status));
  if (q.titleType) parts.push(eq(invoiceRequest.titleType, q.titleType));
  if (q.from) parts.push(gte(invoiceRequest.createdAt, startOfDayIn(q.from, timeZone)));
  if (q.to) parts.push(lt(invoiceRequest.createdAt, startOfDayIn(q.to, timeZone, 1)));
  return and(...parts)!;
}

const listColumns = { invoice: invoiceRequest, orderNo: conferenceOrder.orderNo, name: user.name, accountEmail: user.email };

const fromJoined = (db: Executor) =>
  db
    .select(listColumns)
    .from(invoiceRequest)
    .innerJoin(conferenceOrder, eq(conferenceOrder.id, invoiceRequest.orderId))
    .innerJoin(user, eq(user.id, invoiceRequest.userId));

/** One page of a conference's invoice requests, newest first, with the total count. */
export async function adminInvoices(db: Executor, conferenceId: number, q: InvoiceListQuery, timeZone: string) {
  const where = conditions(conferenceId, q, timeZone);
  const [rows, [{ total }]] = await Promise.all([
    fromJoined(db)
      .where(where)
      .orderBy(desc(invoiceRequest.createdAt), desc(invoiceRequest.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({ total: count() })
      .from(invoiceRequest)
      .innerJoin(conferenceOrder, eq(conferenceOrder.id, invoiceRequest.orderId))
      .innerJoin(user, eq(user.id, invoiceRequest.userId))
      .where(where),
  ]);
  return { rows, total };
}

/** Every invoice request matching the filters, for the export (at most 50,000). */
export async function allAdminInvoices(db: Executor, conferenceId: number, q: Omit<InvoiceListQuery, 'page' | 'size'>, timeZone: string) {
  return fromJoined(db)
    .where(conditions(conferenceId, q, timeZone))
    .orderBy(desc(invoiceRequest.createdAt), desc(invoiceRequest.id))
    .limit(50_000);
}
