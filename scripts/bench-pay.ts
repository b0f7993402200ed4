/**
 * npm run bench:pay — a burst of Stripe webhooks, half of them duplicates, over HTTP against the
 * built app running on PostgreSQL as `npm start` runs it (scripts/start.ts: BENCH_WORKERS server
 * processes behind one port, 2 by default), the way scripts/bench-register.ts runs it.
 *
 * A Stripe stand-in (testing/standins/stripe.ts) is started here and the servers talk
 * to it (STRIPE_API_BASE). Once the app has migrated the scratch database, a published conference
 * with the Stripe method (keys encrypted with the PAYMENT_SECRETS_KEY the servers get) and
 * BENCH_PAYERS payers (500), each with one unpaid order, are planted; each payer starts paying
 * through POST /api/conference/pay/create, which creates a Checkout Session at the stand-in. Every
 * session is then marked paid and its signed `checkout.session.completed` is built twice; the
 * 2 × BENCH_PAYERS notifications are shuffled and fired together at
 * POST /api/conference/pay/notify/stripe over BENCH_CONNECTIONS keep-alive connections (50).
 *
 * Prints bills paid, orders success, double-paid (bills with more than one applied 'paid'
 * notification + orders whose paid mail was queued twice + doublePayment exceptions), answers by
 * status, notifications per second over the burst and p50/p95/p99 latency (from writing a request
 * on its connection to the end of its answer). Exits non-zero on any double payment or any bill
 * left unpaid. A repeat is answered 200 without a row of its own, so payment_notification holds one
 * row per bill ('query' rows would be the payment sweeper's, for bills older than a minute).
 *
 * BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
 * names a server where a scratch database is created and dropped. BENCH_PORT (3410), BENCH_PAYERS
 * (500), BENCH_CONNECTIONS (50), BENCH_CREATE_CONCURRENCY (8), BENCH_WORKERS (2). BENCH_KILL=1 kills one server process
 * (-9) during the burst and delivers again what got no answer (npm run bench:crash runs it so). Builds when no
 * build exists (as bench:register does); FORCE_BUILD=1 rebuilds (scripts/start.ts).
 */
import { PUBLISHED } from '@/lib/conferences/status';
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import http from 'node:http';
import { runPgbench, startApp, stopApp, workerPids } from './bench-support';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';
import {
  conference,
  conferenceOrder,
  mailOutbox,
  orderEvent,
  paymentBill,
  paymentBillOrder,
  paymentEvent,
  paymentException,
  paymentMethod,
  paymentNotification,
  session,
  user,
} from '../db/schema';
import { hashSessionToken } from '../lib/auth/session-token-hash';
import { encryptSecrets, forgetSecretsKey } from '../lib/server/secrets';
import { startStripeStandin, type StripeStandin } from '../testing/standins/stripe';

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.BENCH_PORT ?? 3410);
const PAYERS = Number(process.env.BENCH_PAYERS ?? 500);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CREATE_CONCURRENCY = Number(process.env.BENCH_CREATE_CONCURRENCY ?? 8);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const WARM_UP = 10;
const KILL = process.env.BENCH_KILL === '1';
const PG_CLIENTS = Number(process.env.BENCH_PGBENCH_CLIENTS ?? 16);
const PG_TRANSACTIONS = Number(process.env.BENCH_PGBENCH_TRANSACTIONS ?? 100);
/** The paid mail's templates: the general one, or the one of the orders' kind (lib/payments/payment-mail.ts). */
const PAID_MAILS = ['paymentReceived', 'registrationPaymentReceived', 'optionalPaymentReceived', 'hotelPaymentReceived'];
const PRICE_MINOR = 120000;
const SECRET_KEY = `sk_test_bench_${randomBytes(12).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_bench_${randomBytes(12).toString('hex')}`;
/** The servers and this process encrypt and decrypt the Stripe keys with the same key. */
const SECRETS_KEY = randomBytes(32).toString('hex');

type Answer = { status: number; text: string; ms: number };

/** One HTTP request to the app on loopback, with `host` selecting the conference. */
function request(
  agent: http.Agent,
  opts: { path: string; host: string; body: string; headers?: Record<string, string>; method?: string },
): Promise<Answer> {
  return new Promise((resolve) => {
    let started = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: opts.path,
        method: opts.method ?? 'POST',
        agent,
        headers: { host: opts.host, 'content-length': Buffer.byteLength(opts.body), ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }),
        );
      },
    );
    // Latency from the moment the request has a connection, not while it waits for one in the agent.
    req.on('socket', () => (started = performance.now()));
    req.on('error', (error) => resolve({ status: 0, text: error.message, ms: performance.now() - started }));
    req.end(opts.body);
  });
}

/** Runs `task` over `items` with at most `limit` at a time, keeping the results in order. */
async function pooled<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

type Payer = { token: string; orderId: number };
type Paying = { conferenceId: number; host: string; payers: Payer[] };

/** A published conference taking cards through the stand-in, and `n` payers with one unpaid order each. */
async function plantPayingConference(database: Database, slug: string, n: number): Promise<Paying> {
  const { db } = database;
  const [conf] = await db
    .insert(conference)
    .values({ slug, status: PUBLISHED, title: { zh: `${slug} 会议`, en: `${slug} Conference` }, shortTitle: { zh: slug, en: slug } })
    .returning({ id: conference.id });
  await db.insert(paymentMethod).values({
    conferenceId: conf.id,
    kind: 'stripe',
    enabled: true,
    settings: {},
    secrets: encryptSecrets({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }),
  });
  const users = Array.from({ length: n }, (_, i) => ({ id: randomUUID(), name: `Payer ${i}`, email: `${slug}-payer${i}@example.org` }));
  const tokens = new Map<string, string>(users.map((u) => [u.id, randomBytes(24).toString('base64url')]));
  const payers: Payer[] = [];
  for (let i = 0; i < users.length; i += 500) {
    const batch = users.slice(i, i + 500);
    await db.insert(user).values(batch);
    await db.insert(session).values(
      batch.map((u) => ({
        id: randomUUID(),
        token: hashSessionToken(tokens.get(u.id)!),
        userId: u.id,
        expiresAt: new Date(Date.now() + 3600_000),
      })),
    );
    const orders = await db
      .insert(conferenceOrder)
      .values(
        batch.map((u) => ({
          conferenceId: conf.id,
          orderNo: sql`'B' || nextval('order_number_seq')::text`,
          userId: u.id,
          type: 'optional',
          itemName: { zh: '注册费', en: 'Registration fee' },
          unitPriceMinor: PRICE_MINOR,
          totalMinor: PRICE_MINOR,
          currency: 'CNY',
          displayCurrency: 'CNY',
          displayTotalMinor: PRICE_MINOR,
        })),
      )
      .returning({ id: conferenceOrder.id, userId: conferenceOrder.userId });
    for (const o of orders) payers.push({ token: tokens.get(o.userId)!, orderId: o.id });
  }
  return { conferenceId: conf.id, host: `${slug}.localhost:${PORT}`, payers };
}

/** Each payer starts paying their order by card: a pending bill and a Checkout Session at the stand-in. */
async function createBills(paying: Paying, agent: http.Agent, concurrency: number): Promise<Answer[]> {
  return pooled(paying.payers, concurrency, (payer) =>
    request(agent, {
      path: '/api/conference/pay/create',
      host: paying.host,
      body: JSON.stringify({ orderIds: [payer.orderId], kind: 'stripe' }),
      headers: { authorization: `Bearer ${payer.token}`, 'content-type': 'application/json', 'x-locale': 'en' },
    }),
  );
}

type Notification = { billNo: string; payload: string; header: string };

/** Marks every pending bill's session paid at the stand-in and signs its `checkout.session.completed` twice. */
async function paidNotifications(database: Database, standin: StripeStandin, conferenceId: number): Promise<Notification[]> {
  const bills = await database.db
    .select({ billNo: paymentBill.billNo, sessionId: paymentBill.providerRef })
    .from(paymentBill)
    .where(and(eq(paymentBill.conferenceId, conferenceId), eq(paymentBill.status, 'pending')));
  return bills.flatMap((bill) => {
    if (!bill.sessionId) throw new Error(`bill ${bill.billNo} has no Checkout Session`);
    const event = standin.pay(bill.sessionId);
    const reference = (event.data.object as { client_reference_id?: string | null }).client_reference_id;
    if (reference !== bill.billNo) throw new Error(`session ${bill.sessionId} names ${reference}, not ${bill.billNo}`);
    // Stripe signs each delivery afresh: the duplicate is the same event with its own signature.
    return [0, 1].map(() => ({ billNo: bill.billNo, ...standin.sign(event) }));
  });
}

function notify(agent: http.Agent, host: string, n: Notification): Promise<Answer> {
  return request(agent, {
    path: '/api/conference/pay/notify/stripe',
    host,
    body: n.payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': n.header,
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    },
  });
}

/**
 * One notification applied and its duplicate, as the app sends their statements (lib/payments/receive-notification.ts,
 * lib/payments/apply-event.ts, recorded from the app with log_statement): the method's settings, then in one
 * transaction the bill locked, the duplicate check, the orders locked, bill and orders paid, their events, the payer and
 * the mail template read, the mail queued, rival bills looked for and the notification recorded; then the duplicate:
 * the settings, the bill locked, the notification found. Each pgbench client pays its own bills (`PGB<n>`). (No `:` before
 * a letter inside the text: pgbench would read it as a variable.)
 */
const PGBENCH_SCRIPT = `
\\set k :k + 1
\\set b :client_id * :t + :k
select id, conference_id, kind, enabled, settings, secrets, sort_order, updated_by, updated_at from payment_method where conference_id = :conf and kind = 'stripe';
begin;
select id, conference_id, bill_no, user_id, method_kind, amount_minor, currency, status, provider_ref, provider_txn_id, pay_url, locale, slip_file_id, payer_note, refunded_minor, expires_at, paid_at, created_at, updated_at
  from payment_bill where conference_id = :conf and bill_no = 'PGB' || :b::text and method_kind = 'stripe' for update \\gset bill_
select id from payment_notification where method_kind = 'stripe' and provider_txn_id = 'pi_pgb_' || :b::text and event = 'paid';
select order_id from payment_bill_order where bill_id = :bill_id \\gset
select id, conference_id, order_no, user_id, registration_id, type, fee_id, item_name, deadline, unit_price_minor, quantity, room_quantity, total_minor, currency, display_currency, display_total_minor, payment_method, pay_status, order_status, invalid_reason, paid_at, payable_since, pay_reminder_sent_at, business_code, remark, created_at, updated_at
  from conference_order where conference_id = :conf and id in (:order_id) order by id for update;
update payment_bill set status = 'paid', provider_txn_id = 'pi_pgb_' || :b::text, paid_at = now(), updated_at = now() where id = :bill_id;
update conference_order set payment_method = 'stripe', pay_status = 'success', paid_at = now(), business_code = 'pi_pgb_' || :b::text, updated_at = now()
  where conference_id = :conf and id in (:order_id);
insert into payment_event (conference_id, bill_id, actor_user_id, action, note) values (:conf, :bill_id, null, 'paid', 'pi_pgb_' || :b::text);
insert into order_event (conference_id, order_id, actor_user_id, action, note) values (:conf, :order_id, null, 'paid', 'PGB' || :b::text);
select "user".email, "user".name, conference.title from "user" inner join conference on conference.id = :conf where "user".id = :bill_user_id;
select subject, body from mail_template_override where conference_id = :conf and template = 'optionalPaymentReceived';
insert into mail_outbox (conference_id, template, campaign_id, locale, to_address, subject, text, html, attachment)
  values (:conf, 'optionalPaymentReceived', null, 'en', 'pgbpay' || :b::text || '@example.org', '[Bench Conference] Optional fee paid',
    'Dear Payer ' || :b::text || ',' || E'\\n\\n' || 'We received your payment of CN¥1,200.00 for optional items (payment PGB' || :b::text || '); they are now paid.' || E'\\n\\n' || 'You can download the receipt or request an invoice under "My orders" in the personal centre.',
    '<!doctype html><html lang="en"><body style="font-family: sans-serif; line-height: 1.6"><p>Dear Payer ' || :b::text || ',</p><p>We received your payment of CN¥1,200.00 for optional items (payment PGB' || :b::text || '); they are now paid.</p><p>You can download the receipt or request an invoice under "My orders" in the personal centre.</p></body></html>',
    null) returning id;
select order_id from payment_bill_order where bill_id = :bill_id;
select distinct payment_bill.id, payment_bill.conference_id from payment_bill inner join payment_bill_order on payment_bill_order.bill_id = payment_bill.id
  where payment_bill.conference_id = :conf and payment_bill_order.order_id in (:order_id) and payment_bill.status = 'pending' and payment_bill.id <> :bill_id;
insert into payment_notification (conference_id, bill_id, method_kind, provider_txn_id, event, amount_minor, currency, source, result)
  values (:conf, :bill_id, 'stripe', 'pi_pgb_' || :b::text, 'paid', ${PRICE_MINOR}, 'CNY', 'notify', 'applied');
commit;
select id, conference_id, kind, enabled, settings, secrets, sort_order, updated_by, updated_at from payment_method where conference_id = :conf and kind = 'stripe';
begin;
select id, conference_id, bill_no, user_id, method_kind, amount_minor, currency, status, provider_ref, provider_txn_id, pay_url, locale, slip_file_id, payer_note, refunded_minor, expires_at, paid_at, created_at, updated_at
  from payment_bill where conference_id = :conf and bill_no = 'PGB' || :b::text and method_kind = 'stripe' for update;
select id from payment_notification where method_kind = 'stripe' and provider_txn_id = 'pi_pgb_' || :b::text and event = 'paid';
commit;
`;

/**
 * The database's own limit for the burst's work (with the app stopped): pgbench running the statements of a notification
 * applied and of its duplicate on bills of a conference of its own. Notifications per second (two per script), and
 * the bills it paid.
 */
async function pgbenchBaseline(database: Database, url: string): Promise<{ perSecond: number; paid: number }> {
  const { conferenceId: conf } = await plantPayingConference(database, 'paypgb', 0);
  const bills = PG_CLIENTS * (PG_TRANSACTIONS + 1);
  const { db } = database;
  await db.execute(
    sql.raw(
      `insert into "user" (id, name, email) select 'pgbpay-' || g, 'Payer ' || g, 'pgbpay' || g || '@example.org' from generate_series(1, ${bills}) g`,
    ),
  );
  await db.execute(
    sql.raw(`insert into conference_order (conference_id, order_no, user_id, type, item_name, unit_price_minor, total_minor, currency, display_currency, display_total_minor)
      select ${conf}, 'PGO' || g, 'pgbpay-' || g, 'optional', '{"zh":"注册费","en":"Registration fee"}', ${PRICE_MINOR}, ${PRICE_MINOR}, 'CNY', 'CNY', ${PRICE_MINOR}
        from generate_series(1, ${bills}) g`),
  );
  await db.execute(
    sql.raw(`insert into payment_bill (conference_id, bill_no, user_id, method_kind, amount_minor, currency, status, provider_ref, locale, expires_at)
      select ${conf}, 'PGB' || g, 'pgbpay-' || g, 'stripe', ${PRICE_MINOR}, 'CNY', 'pending', 'cs_pgb_' || g, 'en', now() + interval '1 hour'
        from generate_series(1, ${bills}) g`),
  );
  await db.execute(
    sql.raw(`insert into payment_bill_order (bill_id, order_id, conference_id)
      select b.id, o.id, ${conf} from payment_bill b join conference_order o on o.conference_id = b.conference_id and o.order_no = 'PGO' || substr(b.bill_no, 4)
       where b.conference_id = ${conf}`),
  );
  await db.execute(sql`analyze`);
  const tps = runPgbench({ url, script: PGBENCH_SCRIPT, clients: PG_CLIENTS, transactions: PG_TRANSACTIONS, conf });
  const [{ n: paid }] = await db
    .select({ n: count() })
    .from(paymentBill)
    .where(and(eq(paymentBill.conferenceId, conf), eq(paymentBill.status, 'paid')));
  return { perSecond: 2 * tps, paid };
}

const describe = (answers: Answer[]) => [...new Set(answers.map((a) => `${a.status} ${a.text.slice(0, 200)}`))].slice(0, 5).join('\n    ');

async function main() {
  process.env.PAYMENT_SECRETS_KEY = SECRETS_KEY;
  forgetSecretsKey();
  const began = performance.now();
  const name = `confhub_paybench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let server: ChildProcess | null = null;
  let standin: StripeStandin | null = null;
  let database: Database | null = null;
  try {
    standin = await startStripeStandin({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });

    const startedServer = performance.now();
    server = await startApp({
      url: url.toString(),
      port: PORT,
      workers: WORKERS,
      env: { PAYMENT_SECRETS_KEY: SECRETS_KEY, STRIPE_API_BASE: standin.apiBase },
    });
    const serverSeconds = (performance.now() - startedServer) / 1000;

    // The app has migrated the scratch database (scripts/start.ts, before the servers start).
    database = await openDatabase({ url: url.toString(), migrate: false });
    const warm = await plantPayingConference(database, 'paywarm', WARM_UP);
    const paying = await plantPayingConference(database, 'paybench', PAYERS);

    // Warm-up on another conference: a connection each, so the cluster hands them to every server
    // process in turn, and both routes run their whole path before anything is measured.
    const oneShot = new http.Agent({ keepAlive: false });
    const warmCreated = await createBills(warm, oneShot, 1);
    if (warmCreated.some((a) => a.status !== 200)) throw new Error(`warm-up payments refused:\n    ${describe(warmCreated)}`);
    for (const n of await paidNotifications(database, standin, warm.conferenceId)) await notify(oneShot, warm.host, n);

    const createAgent = new http.Agent({ keepAlive: true, maxSockets: CREATE_CONCURRENCY });
    const createStarted = performance.now();
    const created = await createBills(paying, createAgent, CREATE_CONCURRENCY);
    const createSeconds = (performance.now() - createStarted) / 1000;
    createAgent.destroy();
    const refused = created.filter((a) => a.status !== 200);
    if (refused.length) throw new Error(`${refused.length} payments could not start:\n    ${describe(refused)}`);

    const notifications = shuffle(await paidNotifications(database, standin, paying.conferenceId));
    if (notifications.length !== 2 * PAYERS) throw new Error(`${notifications.length / 2} pending bills, expected ${PAYERS}`);

    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    // BENCH_KILL=1: one server process is killed -9 once a tenth of the burst has its answer; a notification that got no
    // answer is delivered again, as Stripe does with a webhook that failed.
    const victim = KILL ? workerPids(server.pid!)[0] : undefined;
    let done = 0;
    let killedAt = 0;
    let redelivered = 0;
    const started = performance.now();
    const answers = await pooled(notifications, CONNECTIONS, async (n) => {
      const first = await notify(agent, paying.host, n);
      if (victim && !killedAt && ++done >= notifications.length / 10) {
        killedAt = performance.now();
        process.kill(victim, 'SIGKILL');
      }
      if (first.status !== 0) return first;
      redelivered++;
      return notify(new http.Agent({ keepAlive: false }), paying.host, n);
    });
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();

    const { db } = database;
    const conferenceId = paying.conferenceId;
    const [{ n: bills }] = await db.select({ n: count() }).from(paymentBill).where(eq(paymentBill.conferenceId, conferenceId));
    const [{ n: billsPaid }] = await db
      .select({ n: count() })
      .from(paymentBill)
      .where(and(eq(paymentBill.conferenceId, conferenceId), eq(paymentBill.status, 'paid')));
    const [{ n: ordersSuccess }] = await db
      .select({ n: count() })
      .from(conferenceOrder)
      .where(and(eq(conferenceOrder.conferenceId, conferenceId), eq(conferenceOrder.payStatus, 'success')));
    const twiceApplied = await db
      .select({ billId: paymentNotification.billId })
      .from(paymentNotification)
      .where(
        and(
          eq(paymentNotification.conferenceId, conferenceId),
          eq(paymentNotification.event, 'paid'),
          eq(paymentNotification.result, 'applied'),
        ),
      )
      .groupBy(paymentNotification.billId)
      .having(sql`count(*) > 1`);
    // The mail names the bill; each order's bill is matched to the paid mails that name it.
    const mailsPerOrder = await db
      .select({ orderId: paymentBillOrder.orderId, n: count() })
      .from(paymentBillOrder)
      .innerJoin(paymentBill, eq(paymentBill.id, paymentBillOrder.billId))
      .innerJoin(
        mailOutbox,
        and(
          eq(mailOutbox.conferenceId, paymentBill.conferenceId),
          inArray(mailOutbox.template, PAID_MAILS),
          sql`strpos(${mailOutbox.text}, ${paymentBill.billNo}) > 0`,
        ),
      )
      .where(eq(paymentBill.conferenceId, conferenceId))
      .groupBy(paymentBillOrder.orderId);
    const twiceMailed = mailsPerOrder.filter((m) => m.n > 1);
    const [{ n: doubleExceptions }] = await db
      .select({ n: count() })
      .from(paymentException)
      .where(and(eq(paymentException.conferenceId, conferenceId), eq(paymentException.reason, 'doublePayment')));
    const [{ n: exceptions }] = await db
      .select({ n: count() })
      .from(paymentException)
      .where(eq(paymentException.conferenceId, conferenceId));
    const [{ n: paidMails }] = await db
      .select({ n: count() })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.conferenceId, conferenceId), inArray(mailOutbox.template, PAID_MAILS)));
    // The logs must agree: one 'paid' event per bill and per order.
    const billIds = db.select({ id: paymentBill.id }).from(paymentBill).where(eq(paymentBill.conferenceId, conferenceId));
    const [{ n: paidBillEvents }] = await db
      .select({ n: count() })
      .from(paymentEvent)
      .where(and(inArray(paymentEvent.billId, billIds), eq(paymentEvent.action, 'paid')));
    const [{ n: paidOrderEvents }] = await db
      .select({ n: count() })
      .from(orderEvent)
      .where(and(eq(orderEvent.conferenceId, conferenceId), eq(orderEvent.action, 'paid')));
    const recorded = await db
      .select({ source: paymentNotification.source, result: paymentNotification.result, n: count() })
      .from(paymentNotification)
      .where(eq(paymentNotification.conferenceId, conferenceId))
      .groupBy(paymentNotification.source, paymentNotification.result);

    const doublePaid = twiceApplied.length + twiceMailed.length + doubleExceptions;
    const byStatus = new Map<number, number>();
    for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
    const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
    const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(0);
    const pad = (label: string) => `  ${label.padEnd(34)}`;
    console.log(
      `bench:pay — ${answers.length} Stripe notifications (${PAYERS} bills, each twice) shuffled over ${CONNECTIONS} connections, PostgreSQL, ${WORKERS} server process${WORKERS === 1 ? '' : 'es'}, port ${PORT}`,
    );
    console.log(`${pad('bills paid')}${billsPaid} / ${bills}`);
    console.log(`${pad('orders success')}${ordersSuccess} / ${PAYERS}`);
    console.log(
      `${pad('double-paid')}${doublePaid} (bills applied twice ${twiceApplied.length}, orders mailed twice ${twiceMailed.length}, doublePayment exceptions ${doubleExceptions})`,
    );
    console.log(`${pad('payment exceptions (any reason)')}${exceptions}`);
    console.log(`${pad('paid mails queued / orders mailed')}${paidMails} / ${mailsPerOrder.length}`);
    console.log(`${pad("'paid' events: bills / orders")}${paidBillEvents} / ${paidOrderEvents}`);
    console.log(`${pad('notifications recorded')}${recorded.map((r) => `${r.source} ${r.result} ${r.n}`).join(', ') || 'none'}`);
    console.log(
      `${pad('answers by status')}${[...byStatus.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([status, n]) => `${status}: ${n}`)
        .join(', ')}`,
    );
    const odd = answers.filter((a) => a.status !== 200);
    if (odd.length) console.log(`${pad('other answers, e.g.')}${describe(odd)}`);
    if (KILL) {
      console.log(`${pad('worker killed -9 at')}${((killedAt - started) / 1000).toFixed(2)} s into the burst (${victim})`);
      console.log(`${pad('delivered again (no answer)')}${redelivered}`);
      console.log(`${pad('answers after more than 30 s')}${answers.filter((a) => a.ms > 30_000).length}`);
    }
    console.log(`${pad('burst wall time')}${seconds.toFixed(2)} s`);
    console.log(`${pad('notifications per second')}${(answers.length / seconds).toFixed(0)}`);
    console.log(`${pad('latency p50 / p95 / p99')}${p(0.5)} ms / ${p(0.95)} ms / ${p(0.99)} ms`);
    console.log(`${pad('payments started (create)')}${PAYERS} in ${createSeconds.toFixed(2)} s, ${(PAYERS / createSeconds).toFixed(0)}/s`);
    console.log(
      `${pad('servers ready after')}${serverSeconds.toFixed(1)} s; whole run ${((performance.now() - began) / 1000).toFixed(0)} s`,
    );
    // The database's own limit, in the same run with the app stopped (not with a worker killed: bench:crash).
    if (!KILL) {
      await stopApp(server);
      const baseline = await pgbenchBaseline(database, url.toString());
      const perSecond = answers.length / seconds;
      console.log(
        `${pad('pgbench, the same statements')}${baseline.perSecond.toFixed(0)} notifications/s (${PG_CLIENTS} clients, ${baseline.paid} bills paid)`,
      );
      console.log(`${pad('ratio, HTTP / database')}${(perSecond / baseline.perSecond).toFixed(2)}`);
    }
    if (
      doublePaid > 0 ||
      billsPaid !== PAYERS ||
      ordersSuccess !== PAYERS ||
      mailsPerOrder.length !== PAYERS ||
      paidBillEvents !== PAYERS ||
      paidOrderEvents !== PAYERS
    ) {
      process.exitCode = 1;
    }
  } finally {
    await stopApp(server);
    await database?.close();
    await standin?.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
