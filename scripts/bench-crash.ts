/**
 * npm run bench:crash — a server process killed (`kill -9`) in the middle of a registration rush, on the built app as
 * `npm start` runs it on PostgreSQL (BENCH_WORKERS server processes, 2 by default). 1,500 accounts register at once
 * against a cap of 1,000; once the first answers are back one worker is killed. Every request that got no answer
 * (its connection broke) is sent again once, as a participant would press the button again. Prints, for each of
 * BENCH_RUNS runs (2): answers by kind, the longest wait for an answer and how many waited more than 30 s or never
 * got one, and the consistency of what was stored: the conference's counter against its rows, one confirmation mail per
 * registration, nobody registered twice, none oversold, and no accepted registration missing.
 *
 * BENCH_SCHED=rr runs the cluster as Node does by default (the primary accepts and hands connections round-robin),
 * to see the difference: the primary can hold a connection it was handing to the worker that died, and its client
 * waits until it gives up. The app runs with the operating system handing connections (scripts/serve-cluster.ts).
 * BENCH_DATABASE_URL, BENCH_PORT (3450), BENCH_REQUESTS (1500), BENCH_CAP (1000), BENCH_CLIENT_TIMEOUT_MS (60000).
 */
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { and, count, eq, sql } from 'drizzle-orm';
import { conference, conferenceRegistration, mailOutbox } from '../db/schema';
import {
  plantConference,
  plantSessions,
  post,
  quantile,
  REGISTRATION_FORM,
  root,
  scratchDatabase,
  startApp,
  stopApp,
  workerPids,
  type Answer,
} from './bench-support';
import { tsxScriptArgs } from './node/tsx-args';

const PORT = Number(process.env.BENCH_PORT ?? 3450);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1500);
const CAP = Number(process.env.BENCH_CAP ?? 1000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const CLIENT_TIMEOUT_MS = Number(process.env.BENCH_CLIENT_TIMEOUT_MS ?? 60_000);
const SCHED = process.env.BENCH_SCHED === 'rr' ? 'rr' : 'none';

async function run(n: number): Promise<boolean> {
  const scratch = await scratchDatabase();
  const { database } = scratch;
  let server: Awaited<ReturnType<typeof startApp>> | null = null;
  try {
    const conf = await plantConference(database, `crash${n}`, CAP);
    await plantConference(database, 'warm');
    const tokens = await plantSessions(database, REQUESTS + 4, `crash${n}-`);
    server = await startApp({ url: scratch.url, port: PORT, workers: WORKERS, env: { NODE_CLUSTER_SCHED_POLICY: SCHED } });
    const host = `crash${n}.localhost:${PORT}`;
    const oneShot = new http.Agent({ keepAlive: false });
    const call = (token: string, agent: http.Agent, on = host) =>
      post({
        port: PORT,
        host: on,
        path: '/api/conference/conferenceUser',
        token,
        agent,
        body: REGISTRATION_FORM,
        timeoutMs: CLIENT_TIMEOUT_MS,
      });
    for (const token of tokens.splice(REQUESTS)) await call(token, oneShot, `warm.localhost:${PORT}`);

    const workers = workerPids(server.pid!);
    if (workers.length < 2) throw new Error(`expected ${WORKERS} server processes, found ${workers.length}`);
    const agent = new http.Agent({ keepAlive: true, maxSockets: REQUESTS });
    let answered = 0;
    let killedAt = 0;
    const victim = workers[0];
    const started = performance.now();
    const answers = await Promise.all(
      tokens.map(async (token) => {
        const first = await call(token, agent);
        answered++;
        // The kill: once a tenth of the rush has its answer, the rest is in flight or queued.
        if (!killedAt && answered >= REQUESTS / 10) {
          killedAt = performance.now();
          process.kill(victim, 'SIGKILL');
        }
        if (first.status !== 0) return { first, final: first, retried: false };
        // No answer (a broken connection): the participant presses the button again, once.
        const again = await call(token, new http.Agent({ keepAlive: false }));
        return { first, final: again, retried: true };
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();
    await stopApp(server);
    server = null;

    const [{ stored }] = await database.db
      .select({ stored: count() })
      .from(conferenceRegistration)
      .where(eq(conferenceRegistration.conferenceId, conf));
    const [{ counter }] = await database.db.select({ counter: conference.registeredCount }).from(conference).where(eq(conference.id, conf));
    const [{ mails }] = await database.db
      .select({ mails: count() })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.conferenceId, conf), eq(mailOutbox.template, 'registrationSuccess')));
    const [{ twice }] = await database.db
      .select({ twice: sql<number>`count(*)::int` })
      .from(
        sql`(select user_id from ${conferenceRegistration} where conference_id = ${conf} group by user_id having count(*) > 1) as doubled`,
      );
    const finals = answers.map((a) => a.final);
    const accepted = finals.filter((a) => a.status === 200).length;
    // An account whose first try was stored but unanswered is told "already registered" on its second try.
    const already = finals.filter((a) => a.error === 'ALREADY_REGISTERED').length;
    const full = finals.filter((a) => a.error === 'REGISTRATION_FULL').length;
    const broken = answers.filter((a) => a.retried).length;
    const all: Answer[] = answers.flatMap((a) => (a.retried ? [a.first, a.final] : [a.first]));
    const waits = all.map((a) => a.ms).sort((a, b) => a - b);
    const over30 = all.filter((a) => a.ms > 30_000).length;
    const noAnswer = all.filter((a) => a.error === 'NO_ANSWER').length;
    const unanswered = finals.filter((a) => a.status === 0).length;
    const other = finals.length - accepted - already - full - unanswered;
    const kinds = [...new Set(all.filter((a) => a.status === 0).map((a) => a.error))].join(', ');
    const consistent = Number(counter) === stored && mails === stored && twice === 0 && stored <= CAP && accepted + already <= stored;
    console.log(
      `bench:crash run ${n} — ${REQUESTS} registrations, cap ${CAP}, ${WORKERS} server processes (connections handed by ${SCHED === 'rr' ? 'the cluster primary' : 'the operating system'}); worker ${victim} killed -9 at ${((killedAt - started) / 1000).toFixed(2)} s`,
    );
    console.log(`  first try without an answer   ${broken}${kinds ? ` (${kinds})` : ''}, each sent again once`);
    console.log(
      `  accepted / already registered / full / other / still no answer   ${accepted} / ${already} / ${full} / ${other} / ${unanswered}`,
    );
    console.log(
      `  stored ${stored}, counter ${counter}, confirmation mails ${mails}, registered twice ${twice}, oversold ${Math.max(0, stored - CAP)}`,
    );
    console.log(`  accepted but not stored       ${Math.max(0, accepted + already - stored)}`);
    console.log(`  wait p50 / p99 / longest      ${quantile(waits, 0.5)} ms / ${quantile(waits, 0.99)} ms / ${quantile(waits, 1)} ms`);
    console.log(`  waited more than 30 s         ${over30} (gave up after ${CLIENT_TIMEOUT_MS / 1000} s: ${noAnswer})`);
    console.log(
      `  wall time                     ${seconds.toFixed(2)} s — ${consistent && over30 === 0 ? 'consistent, nobody kept waiting' : 'NOT AS REQUIRED'}`,
    );
    return consistent && over30 === 0;
  } finally {
    await stopApp(server);
    await scratch.drop();
  }
}

async function main() {
  let ok = true;
  for (let n = 1; n <= RUNS; n++) ok = (await run(n)) && ok;
  // The payment burst with a worker killed: bench:pay's own checks (one payment, one mail, one event per bill).
  console.log('bench:crash — the payment burst (npm run bench:pay with BENCH_KILL=1):');
  const pay = spawnSync(process.execPath, tsxScriptArgs('scripts/bench-pay.ts'), {
    cwd: root,
    env: { ...process.env, BENCH_KILL: '1', BENCH_PORT: String(PORT + 10) },
    stdio: 'inherit',
  });
  if (!ok || pay.status !== 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
