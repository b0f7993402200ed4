/**
 * npm run bench:public — the demo home page served by the app against the same HTML bytes served as
 * a static file by nginx (Debian's package), driven by the same load generator with the same number
 * of connections, one after the other in one run. Prints both throughputs, p99 latencies and the
 * ratio. Targets: the app at least 0.3x nginx, p99 under 50 ms at 64 connections.
 *
 * BENCH_PUBLIC_PORT (3450, nginx on the next port), BENCH_CONNECTIONS (64), BENCH_SECONDS (10).
 * The app runs on a fresh embedded database with the demo conference.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { serverScript } from './server-process';

const root = path.resolve(import.meta.dirname, '..');
const APP_PORT = Number(process.env.BENCH_PUBLIC_PORT ?? 3450);
const NGINX_PORT = APP_PORT + 1;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

async function load(url: string): Promise<{ rps: number; p99: number; errors: number; non2xx: number }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { 'accept-language': 'zh-CN' } });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

async function main() {
  if (!NGINX) {
    console.error('bench:public needs nginx: apt-get install -y nginx (it is only started by this script, on a port of its own).');
    process.exit(1);
  }
  const work = mkdtempSync(path.join(tmpdir(), 'confhub-bench-public-'));
  // nginx's workers run as an unprivileged user: they must be able to read the page.
  chmodSync(work, 0o755);
  const children: ChildProcess[] = [];
  try {
    const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };
    if (!existsSync(path.join(root, '.next', 'BUILD_ID')))
      spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, env, stdio: 'inherit' });
    // The embedded database, whatever DATABASE_URL says: a fresh demo, no setup.
    const rest = Object.fromEntries(Object.entries(env).filter(([key]) => key !== 'DATABASE_URL'));
    const appEnv: NodeJS.ProcessEnv = {
      ...rest,
      NODE_ENV: 'production',
      PGLITE_DIR: path.join(work, 'pglite'),
      UPLOAD_DIR: path.join(work, 'uploads'),
      SEED_DEMO: '1',
      MAIL_POLL_MS: '60000',
    };
    children.push(
      spawn(process.execPath, [serverScript('serve')], {
        cwd: root,
        env: { ...appEnv, PORT: String(APP_PORT) },
        stdio: 'ignore',
      }),
    );
    const appUrl = `http://localhost:${APP_PORT}/`;
    await waitFor(`http://localhost:${APP_PORT}/api/health`);
    for (let i = 0; i < 20; i++) await (await fetch(appUrl)).text();
    const html = await (await fetch(appUrl)).text();

    const site = path.join(work, 'site');
    mkdirSync(site, { recursive: true });
    mkdirSync(path.join(work, 'nginx'), { recursive: true });
    writeFileSync(path.join(site, 'index.html'), html);
    const conf = path.join(work, 'nginx', 'nginx.conf');
    writeFileSync(
      conf,
      `worker_processes auto;\ndaemon off;\npid ${work}/nginx/nginx.pid;\nerror_log ${work}/nginx/error.log;\nevents { worker_connections 1024; }\nhttp {\n  access_log off;\n  client_body_temp_path ${work}/nginx; proxy_temp_path ${work}/nginx; fastcgi_temp_path ${work}/nginx; uwsgi_temp_path ${work}/nginx; scgi_temp_path ${work}/nginx;\n  server { listen 127.0.0.1:${NGINX_PORT}; root ${site}; location / { default_type text/html; try_files /index.html =404; } }\n}\n`,
    );
    children.push(spawn(NGINX, ['-c', conf, '-p', path.join(work, 'nginx')], { stdio: 'ignore' }));
    const nginxUrl = `http://127.0.0.1:${NGINX_PORT}/`;
    await waitFor(nginxUrl);

    const app = await load(appUrl);
    const nginx = await load(nginxUrl);
    const row = (name: string, r: typeof app) =>
      `  ${name.padEnd(8)} ${r.rps.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99).padStart(5)} ms   errors ${r.errors}   non-2xx ${r.non2xx}`;
    console.log(`bench:public — the demo home page (${html.length} bytes), ${CONNECTIONS} connections, ${SECONDS} s each`);
    console.log(row('app', app));
    console.log(row('nginx', nginx));
    console.log(`  ratio     ${(app.rps / nginx.rps).toFixed(3)}x nginx (target ≥ 0.3x), app p99 ${app.p99} ms (target < 50 ms)`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
