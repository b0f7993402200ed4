import nodemailer from 'nodemailer';

export type OutgoingMail = { to: string; subject: string; text: string; html: string };
export type MailTransport = { send: (mail: OutgoingMail) => Promise<void>; describe: string; close?: () => void };

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
};

const DEFAULT_TIMEOUTS = { connection: 10_000, greeting: 10_000, socket: 20_000 };

/** A nodemailer SMTP transport for one account (its connections are opened per mail and closed). */
export function smtpTransport(account: SmtpAccount): MailTransport {
  const timeouts = account.timeouts ?? DEFAULT_TIMEOUTS;
  const transporter = nodemailer.createTransport({
    host: account.host,
    port: account.port,
    secure: account.secure,
    auth: account.user ? { user: account.user, pass: account.pass ?? '' } : undefined,
    // A local catcher (the test SMTP server, MailHog) speaks plain SMTP.
    ignoreTLS: account.ignoreTLS ?? false,
    tls: account.insecureTls ? { rejectUnauthorized: false } : undefined,
    connectionTimeout: timeouts.connection,
    greetingTimeout: timeouts.greeting,
    socketTimeout: timeouts.socket,
  });
  return {
    describe: `smtp://${account.host}:${account.port}`,
    send: async (mail) => {
      await transporter.sendMail({ from: account.from, ...mail });
    },
    close: () => transporter.close(),
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
