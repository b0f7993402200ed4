import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tsxScriptArgs } from '../scripts/node/tsx-args';
import { serverScript } from '../scripts/server-process';
import { SMTPServer } from 'smtp-server';
import { parseMail } from './support/mime';
import { BASE_URL, E2E_CHECK_EMAIL_LIMIT, E2E_LOGIN_FAILURE_LIMIT, E2E_PORT, MAIL_DIR } from './support/env';
import { startDemoCardSandbox } from '@/scripts/demo-sandbox';
import { AlipayStandin } from '@/testing/standins/alipay';
import { WechatStandin } from '@/testing/standins/wechat';

const root = path.resolve(import.meta.dirname, '..');
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');

async function startSmtp(): Promise<{ server: SMTPServer; port: number }> {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), to);
        // The envelope sender tells which account sent it: the platform's or a conference's own (e2e/mail.spec.ts).
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address.toLowerCase() : '';
        writeFileSync(path.join(MAIL_DIR, `${Date.now()}-${++count}.json`), JSON.stringify({ ...mail, from, receivedAt: Date.now() }));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0 };
}

async function waitForHealth(child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${BASE_URL}/api/health`);
      if (response.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('the app did not become healthy in 90 s');
}

/**
 * Builds the app (unless E2E_SKIP_BUILD=1), seeds a fresh embedded database, starts a real SMTP
 * server on loopback and the built app on E2E_PORT with mail going to it. Returns the teardown.
 */
export default async function globalSetup() {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const build = spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, env: { ...env, NODE_ENV: 'production' }, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('next build failed');
  }
  // Payment providers on loopback: the demo's card sandbox (Stripe), WeChat Pay and Alipay.
  const [stripe, wechat, alipay] = await Promise.all([startDemoCardSandbox(), WechatStandin.start(), AlipayStandin.start()]);
  const paymentEnv = { STRIPE_API_BASE: stripe.apiBase, WECHATPAY_API_BASE: wechat.url, ALIPAY_GATEWAY: alipay.gateway };
  process.env.E2E_WECHAT_URL = wechat.url;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'confhub-e2e-'));
  const pgliteDir = path.join(dataDir, 'pglite');
  const seed = spawnSync(process.execPath, tsxScriptArgs('e2e/seed.ts'), {
    cwd: root,
    env: {
      ...env,
      PGLITE_DIR: pgliteDir,
      DATABASE_URL: '',
      E2E_PAYMENT_METHODS: JSON.stringify({ weChat: wechat.providerConfig(), aliPay: alipay.providerConfig() }),
    },
    stdio: 'inherit',
  });
  if (seed.status !== 0) throw new Error('seeding the e2e database failed');

  const smtp = await startSmtp();
  // The specs point a conference's own mail setup at it (e2e/mail.spec.ts).
  process.env.E2E_SMTP_PORT = String(smtp.port);
  // The production server (Next.js behind the anonymous HTML cache), compiled, as `npm start` runs it.
  const app = spawn(process.execPath, [serverScript('serve')], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'production',
      DATABASE_URL: '',
      PGLITE_DIR: pgliteDir,
      PORT: String(E2E_PORT),
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_IGNORE_TLS: 'true',
      MAIL_FROM: 'ConfHub Test <no-reply@confhub.test>',
      MAIL_POLL_MS: '500',
      // e2e/mail.spec.ts points a conference's own SMTP at the test server on loopback, which a
      // conference may use only when private hosts are explicitly allowed (lib/mail/safe-host.ts).
      MAIL_ALLOW_PRIVATE_HOSTS: '1',
      RATE_LIMIT_LOGIN: String(E2E_LOGIN_FAILURE_LIMIT),
      // Every browser test comes from 127.0.0.1, which serve.ts now passes on as the client address:
      // the per-client limits are pinned by lib/accounts/limits.int.test.ts, not here.
      RATE_LIMIT_LOGIN_IP: '1000',
      RATE_LIMIT_LOGIN_ACCOUNTS_IP: '1000',
      RATE_LIMIT_CODE_IP: '1000',
      RATE_LIMIT_CODE_EMAILS_IP: '1000',
      RATE_LIMIT_CODE_CHECK_IP: '1000',
      RATE_LIMIT_CHECK_EMAIL_IP: String(E2E_CHECK_EMAIL_LIMIT),
      RATE_LIMIT_INVITATION_IP: '1000',
      // Public page renders per client (lib/server/render-limit.ts; pinned by e2e/public-load.spec.ts).
      PUBLIC_RENDERS_PER_CLIENT: '1000',
      SESSION_TTL_SECONDS: String(60 * 60),
      ...paymentEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  app.stdout?.on('data', (d) => log.push(String(d)));
  app.stderr?.on('data', (d) => log.push(String(d)));
  try {
    await waitForHealth(app);
  } catch (error) {
    console.error(log.join(''));
    app.kill();
    throw error;
  }
  process.env.E2E_MAIL_DIR = MAIL_DIR;

  return async () => {
    app.kill('SIGTERM');
    await new Promise((resolve) => app.once('exit', resolve));
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    await Promise.all([stripe.close(), wechat.close(), alipay.close()]);
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.E2E_APP_LOG === '1') console.info(log.join(''));
  };
}
