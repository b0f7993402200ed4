import nodemailer from 'nodemailer';

export type OutgoingMail = { to: string; subject: string; text: string; html: string };
export type MailTransport = { send: (mail: OutgoingMail) => Promise<void>; describe: string };

/** SMTP from the environment, or null when none is configured (mail is then printed and held). */
export function transportFromEnv(env: NodeJS.ProcessEnv = process.env): MailTransport | null {
  if (!env.SMTP_HOST) return null;
  const port = Number(env.SMTP_PORT ?? 587);
  const secure = env.SMTP_SECURE ? env.SMTP_SECURE === 'true' : port === 465;
  const transporter = nodemailer.createTransport({
    host: env.SMTP_HOST,
    port,
    secure,
    auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASS ?? '' } : undefined,
    // A local catcher (the test SMTP server, MailHog) speaks plain SMTP.
    ignoreTLS: env.SMTP_IGNORE_TLS === 'true',
    tls: env.SMTP_TLS_INSECURE === 'true' ? { rejectUnauthorized: false } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const from = env.MAIL_FROM ?? 'ConfHub <no-reply@localhost>';
  return {
    describe: `smtp://${env.SMTP_HOST}:${port}`,
    send: async (mail) => {
      await transporter.sendMail({ from, ...mail });
    },
  };
}
