/**
 * SMTP servers on loopback for the mail tests: a real `smtp-server` that keeps what it receives,
 * every connection made to it and every login tried on it (optionally requiring a login it always
 * refuses, or refusing some recipients), and a server that accepts the connection and never says
 * a word (a hung SMTP host).
 */
import { createServer, type Server, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from '@/e2e/support/mime';

export type ReceivedMail = ParsedMail & { from: string; login: string | null };
export type TestSmtp = {
  port: number;
  mails: ReceivedMail[];
  /** The client address of every connection made (a refused host must leave this empty). */
  connections: string[];
  /** Every login tried, with the password the client sent. */
  logins: { username: string; password: string }[];
  close: () => Promise<void>;
};

export async function startTestSmtp(options: { refuseLogin?: boolean; rejectRecipient?: string } = {}): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const connections: string[] = [];
  const logins: TestSmtp['logins'] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    authOptional: !options.refuseLogin,
    allowInsecureAuth: true,
    onConnect(session, callback) {
      connections.push(session.remoteAddress);
      callback();
    },
    onAuth(auth, _session, callback) {
      logins.push({ username: auth.username ?? '', password: auth.password ?? '' });
      if (options.refuseLogin) return callback(new Error('Invalid username or password'));
      callback(null, { user: auth.username });
    },
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipient && address.address.toLowerCase() === options.rejectRecipient) {
        return callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const login = typeof session.user === 'string' ? session.user : null;
        mails.push({ ...parseMail(Buffer.concat(chunks).toString('utf8'), to), from, login });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    mails,
    connections,
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A host that takes the connection and never greets: the client times out. */
export async function startSilentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
