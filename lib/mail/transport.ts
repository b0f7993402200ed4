import nodemailer from 'nodemailer';
import type { OutgoingAttachment } from './attachments';
import { vetSmtpHost } from './safe-host';

export type OutgoingMail = { to: string; subject: string; text: string; html: string; attachments?: OutgoingAttachment[] };
/** How one send may be cut short: aborting the signal ends it (nodemailer's `signal`, EABORT). */
export type SendOptions = { signal?: AbortSignal };
export type MailTransport = { send: (mail: OutgoingMail, options?: SendOptions) => Promise<void>; describe: string; close?: () => void };

/** An SMTP account: the platform's (environment) or a conference's own (conference_mail_config). */
export type SmtpAccount = {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
  from: string | { name: string; address: string };
  ignoreTLS?: boolean;
  insecureTls?: boolean;
  /** Connection, greeting and socket timeouts (ms); a test send uses short ones. */
  timeouts?: { connection: number; greeting: number; socket: number };
  /**
   * A conference's own account (a manager typed the host): before every connection the host is
   * resolved and vetted (lib/mail/safe-host.ts) and the connection goes to the vetted address.
   */
  vetHost?: boolean;
};

const DEFAULT_TIMEOUTS = { connection: 10_000, greeting: 10_000, socket: 20_000 };

/** nodemailer's options for one account, connecting to `host` (TLS presents and checks `servername` when given). */
function transportOptions(account: SmtpAccount, host: string, servername?: string) {
  const timeouts = account.timeouts ?? DEFAULT_TIMEOUTS;
  const tls = { ...(account.insecureTls ? { rejectUnauthorized: false } : {}), ...(servername ? { servername } : {}) };
  return {
    host,
    port: account.port,
    secure: account.secure,
    auth: account.user ? { user: account.user, pass: account.pass ?? '' } : undefined,
    // A local catcher (the test SMTP server, MailHog) speaks plain SMTP.
    ignoreTLS: account.ignoreTLS ?? false,
    tls: Object.keys(tls).length > 0 ? tls : undefined,
    connectionTimeout: timeouts.connection,
    greetingTimeout: timeouts.greeting,
    socketTimeout: timeouts.socket,
  };
}

/**
 * A nodemailer SMTP transport for one account (its connections are opened per mail and closed).
 * With `vetHost`, each mail first resolves and vets the host and connects to the vetted address
 * (a refused host throws ForbiddenSmtpHostError before any connection).
 */
export function smtpTransport(account: SmtpAccount): MailTransport {
  const describe = `smtp://${account.host}:${account.port}`;
  if (!account.vetHost) {
    const transporter = nodemailer.createTransport(transportOptions(account, account.host));
    return {
      describe,
      send: async (mail, options = {}) => {
        await transporter.sendMail({ from: account.from, ...mail, signal: options.signal });
      },
      close: () => transporter.close(),
    };
  }
  const open = new Set<ReturnType<typeof nodemailer.createTransport>>();
  return {
    describe,
    send: async (mail, options = {}) => {
      const target = await vetSmtpHost(account.host, { signal: options.signal });
      const transporter = nodemailer.createTransport(transportOptions(account, target.address, target.servername));
      open.add(transporter);
      try {
        await transporter.sendMail({ from: account.from, ...mail, signal: options.signal });
      } finally {
        open.delete(transporter);
        transporter.close();
      }
    },
    close: () => {
      for (const transporter of open) transporter.close();
      open.clear();
    },
  };
}

/** SMTP from the environment, or null when none is configured (mail is then printed and held). */
export function transportFromEnv(env: NodeJS.ProcessEnv = process.env): MailTransport | null {
  if (!env.SMTP_HOST) return null;
  const port = Number(env.SMTP_PORT ?? 587);
  return smtpTransport({
    host: env.SMTP_HOST,
    port,
    secure: env.SMTP_SECURE ? env.SMTP_SECURE === 'true' : port === 465,
    user: env.SMTP_USER || undefined,
    pass: env.SMTP_PASS ?? '',
    from: env.MAIL_FROM ?? 'ConfHub <no-reply@localhost>',
    ignoreTLS: env.SMTP_IGNORE_TLS === 'true',
    insecureTls: env.SMTP_TLS_INSECURE === 'true',
  });
}
