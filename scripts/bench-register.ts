/**
 * npm run bench:register — 1,000 concurrent registrations over HTTP against a cap of 300, on the
 * built app running on PostgreSQL as `npm start` runs it (scripts/start.ts: BENCH_WORKERS server
 * processes behind one port, 2 by default). Prints accepted, oversold, rejected with the full
 * message, other answers, and accepted per second. Then, in the same run with the app stopped, the
 * database's own limit for the same work (`pgbench`, 16 clients: the session lookup, the state
 * query and the one-statement registration with its mail, as the app sends them) and the ratio of
 * the two. Targets: 0 oversold; a ratio of at least 0.3 (issue 25).
 *
 * BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
 * names a server where a scratch database is created and dropped. BENCH_PORT (3400),
 * BENCH_REQUESTS (1000), BENCH_CAP (300), BENCH_WORKERS (2), BENCH_PGBENCH_CLIENTS (16),
 * BENCH_PGBENCH_TRANSACTIONS (per client, 1000). BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the
 * server processes.
 */
import http from 'node:http';
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { conferenceRegistration } from '../db/schema';
import { DEFAULT_REGISTER_CAP } from '../lib/conferences/website-config';
import {
  plantConference,
  plantSessions,
  post,
  quantile,
  REGISTRATION_FORM,
  runPgbench,
  scratchDatabase,
  startApp,
  stopApp,
} from './bench-support';

const PORT = Number(process.env.BENCH_PORT ?? 3400);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const CAP = Number(process.env.BENCH_CAP ?? 300);
const HOST = `bench.localhost:${PORT}`;
const FULL_MESSAGE = 'User registration limit reached';
const WARM_UP = 10;
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const PG_CLIENTS = Number(process.env.BENCH_PGBENCH_CLIENTS ?? 16);
const PG_TRANSACTIONS = Number(process.env.BENCH_PGBENCH_TRANSACTIONS ?? 1000);

/**
 * The registration's statements as the app sends them for one request (lib/auth/session-lookup.ts,
 * lib/registration/register-participant.ts): the session and roles, the registration state with the
 * form, and the one statement that takes a place, writes the registration and queues its mail. Each
 * pgbench client registers its own accounts (`pgb-<n>`, planted with their sessions).
 */
const PGBENCH_SCRIPT = `
\\set k :k + 1
\\set uid :client_id * :t + :k
select u.id, u.email, u.name,
       exists (select 1 from platform_admin pa where pa.user_id = u.id),
       (select array_agg(cm.role) from conference_member cm where cm.user_id = u.id and cm.conference_id = :conf)
  from session s inner join "user" u on u.id = s.user_id
 where s.token = encode(sha256(convert_to('pgb-' || :uid, 'UTF8')), 'hex') and s.expires_at > now() limit 1;
select c.register_module_enabled, c.time_zone, c.title, c.registered_count, c.register_flag, c.register_num,
       rc.start_date, rc.end_date, rc.costs_set, rc.rule_type, rc.rule_version, rc.country_options,
       exists (select 1 from conference_registration r where r.conference_id = c.id and r.user_id = 'pgb-' || :uid),
       (select json_agg(json_build_object('key', f.field_key, 'kind', f.kind, 'type', f.type, 'label', f.label, 'options', f.options,
          'required', f.required, 'enabled', f.enabled, 'sortOrder', f.sort_order) order by f.sort_order, f.id)
          from registration_field f where f.conference_id = c.id and f.version = coalesce(rc.rule_version, 'default'))
  from conference c left join registration_config rc on rc.conference_id = c.id where c.id = :conf;
with place as (
  update conference set registered_count = registered_count + 1, registration_seq = registration_seq + 1
   where id = :conf and registered_count < (case when register_flag then register_num else ${DEFAULT_REGISTER_CAP} end)
  returning id, slug, registration_seq
), cfg as (
  select code_prefix, rule_version from registration_config where conference_id = :conf
), reg as (
  insert into conference_registration (conference_id, user_id, code, answers, version, locale)
  select place.id, 'pgb-' || :uid,
         coalesce(nullif((select code_prefix from cfg), ''), upper(place.slug) || '-') || case when length(place.registration_seq::text) >= 4 then place.registration_seq::text else lpad(place.registration_seq::text, 4, '0') end,
         '{"name":"Bench Participant","telephone":"+86 10 12345678","country":"CN","unit":"Bench Institute"}'::jsonb,
         coalesce((select rule_version from cfg), 'default'), 'en'
    from place
  returning id, code
), mail as (
  insert into mail_outbox (conference_id, template, locale, to_address, subject, text, html)
  select :conf, 'registration', 'en', 'pgb' || :uid || '@example.org', 'Registered ' || reg.code, 'Your number is ' || reg.code, '<p>Your number is ' || reg.code || '</p>'
    from reg
  returning id
)
select id, code from reg;
`;

/** pgbench over the same database: the registrations per second PostgreSQL itself sustains for that work. */
async function pgbenchBaseline(database: Database, url: string): Promise<{ tps: number; registered: number }> {
  const accounts = PG_CLIENTS * PG_TRANSACTIONS + PG_CLIENTS;
  const conf = await plantConference(database, 'pgb', accounts + 10);
  await database.db.execute(
    sql.raw(
      `insert into "user" (id, name, email) select 'pgb-' || g, 'P ' || g, 'pgb' || g || '@example.org' from generate_series(1, ${accounts}) g`,
    ),
  );
  await database.db.execute(
    sql.raw(`insert into session (id, token, user_id, expires_at)
     select 'pgbs-' || g, encode(sha256(convert_to('pgb-' || g, 'UTF8')), 'hex'), 'pgb-' || g, now() + interval '1 hour'
       from generate_series(1, ${accounts}) g`),
  );
  await database.db.execute(sql`analyze`);
  const tps = runPgbench({ url, script: PGBENCH_SCRIPT, clients: PG_CLIENTS, transactions: PG_TRANSACTIONS, conf });
  const [{ n }] = await database.db
    .select({ n: count() })
    .from(conferenceRegistration)
    .where(eq(conferenceRegistration.conferenceId, conf));
  return { tps, registered: n };
}

async function main() {
  const scratch = await scratchDatabase();
  const { database } = scratch;
  let server: Awaited<ReturnType<typeof startApp>> | null = null;
  try {
    const conf = await plantConference(database, 'bench', CAP);
    // A second conference for the warm-up registrations, so the measured one starts empty.
    await plantConference(database, 'warm');
    const tokens = await plantSessions(database, REQUESTS + WARM_UP);
    server = await startApp({ url: scratch.url, port: PORT, workers: WORKERS });
    const agent = new http.Agent({ keepAlive: true, maxSockets: REQUESTS });
    // Warm-up: the first requests load and compile the route modules; real registrations on the
    // warm-up conference run the whole registration path once before the measurement.
    const warmTokens = tokens.splice(REQUESTS);
    // A connection each, so the operating system can hand them to every server process.
    const oneShot = new http.Agent({ keepAlive: false });
    const call = (token: string, via: http.Agent, host = HOST) =>
      post({ port: PORT, host, path: '/api/conference/conferenceUser', token, agent: via, body: REGISTRATION_FORM });
    for (const token of warmTokens) await call(token, oneShot, `warm.localhost:${PORT}`);

    const started = performance.now();
    const answers = await Promise.all(tokens.map((token) => call(token, agent)));
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();
    await stopApp(server);
    server = null;

    const [{ n }] = await database.db
      .select({ n: count() })
      .from(conferenceRegistration)
      .where(eq(conferenceRegistration.conferenceId, conf));
    const accepted = answers.filter((a) => a.status === 200).length;
    const full = answers.filter((a) => a.error === 'REGISTRATION_FULL' && a.message === FULL_MESSAGE).length;
    const other = answers.length - accepted - full;
    const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
    const lastAccepted = Math.max(...answers.filter((a) => a.status === 200).map((a) => a.doneAt));
    const fillSeconds = (lastAccepted - started) / 1000;
    const acceptedPerSecond = accepted / fillSeconds;
    console.log(
      `bench:register — ${REQUESTS} concurrent registrations, cap ${CAP}, PostgreSQL, ${WORKERS} server process${WORKERS === 1 ? '' : 'es'}, port ${PORT}`,
    );
    console.log(`  accepted                      ${accepted}`);
    console.log(`  stored registrations          ${n}`);
    console.log(`  oversold                      ${Math.max(0, n - CAP)}`);
    console.log(`  rejected with the full message ${full}`);
    console.log(
      `  other answers                 ${other}${other ? ` (${[...new Set(answers.filter((a) => a.status !== 200 && a.error !== 'REGISTRATION_FULL').map((a) => `${a.status} ${a.error}`))].join(', ')})` : ''}`,
    );
    console.log(`  wall time                     ${seconds.toFixed(2)} s`);
    console.log(`  cap filled after              ${fillSeconds.toFixed(2)} s`);
    console.log(`  accepted per second           ${acceptedPerSecond.toFixed(0)} (while places were left)`);
    console.log(`  accepted per second, whole run ${(accepted / seconds).toFixed(0)}`);
    console.log(`  requests per second           ${(REQUESTS / seconds).toFixed(0)}`);
    console.log(`  latency p50 / p99             ${quantile(latencies, 0.5)} ms / ${quantile(latencies, 0.99)} ms`);

    const baseline = await pgbenchBaseline(database, scratch.url);
    console.log(
      `  pgbench, the same statements  ${baseline.tps.toFixed(0)} registrations/s (${PG_CLIENTS} clients, ${baseline.registered} stored)`,
    );
    console.log(`  ratio, HTTP / database        ${(acceptedPerSecond / baseline.tps).toFixed(2)} (target ≥ 0.30)`);
    if (n > CAP) process.exitCode = 1;
  } finally {
    await stopApp(server);
    await scratch.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
