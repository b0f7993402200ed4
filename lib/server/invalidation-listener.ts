/**
 * The listening half of lib/server/invalidation.ts (server only): one dedicated PostgreSQL
 * connection per server process with LISTEN on the channel, running this process's drops when
 * another process announces a change; reconnecting with backoff and dropping everything when it
 * listens again. Started once per process by lib/server/boot.ts.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import {
  currentSender,
  dropEverything,
  dropLocally,
  INVALIDATION_CHANNEL,
  newOrigin,
  parseMessage,
  processOrigin,
  send,
  setSender,
  type Sender,
  type Topic,
} from './invalidation';

export type InvalidationListener = {
  /** This listener's process id on the channel: its own announcements are not applied twice. */
  origin: string;
  /** Resolves once the first LISTEN is in place. */
  ready: Promise<void>;
  /** How many times LISTEN was (re)established. */
  connections(): number;
  /** Announces a drop to the other listeners (without dropping here). */
  announce(topic: Topic, scope?: string | number | null): Promise<void>;
  close(): Promise<void>;
};

type ListenerOptions = {
  /** Defaults to a new id; `global` listeners use the process's. */
  origin?: string;
  /** What to run for another process's announcement (default: the registered drops). */
  apply?: (topic: Topic, scope: string | null) => void;
  /** What to run when LISTEN is (re)established (default: drop everything). */
  resync?: () => void;
  /** Makes `broadcast()` of this process send through this listener's database (the server does). */
  global?: boolean;
  minBackoffMs?: number;
  maxBackoffMs?: number;
};

/**
 * Starts listening on a dedicated connection (PostgreSQL only; null on PGlite). Reconnects with
 * backoff when the connection fails and drops everything once it listens again.
 */
export function startInvalidationListener(database: Database, options: ListenerOptions = {}): InvalidationListener | null {
  if (database.kind !== 'postgres' || !database.url) return null;
  const url = database.url;
  const origin = options.global ? processOrigin() : (options.origin ?? newOrigin());
  const apply = options.apply ?? ((topic, scope) => dropLocally(topic, scope, true));
  const resync = options.resync ?? dropEverything;
  const minBackoff = options.minBackoffMs ?? 250;
  const maxBackoff = options.maxBackoffMs ?? 10_000;
  const sender: Sender = async (payload) => {
    await database.db.execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${payload})`);
  };
  if (options.global) setSender(sender);

  let closed = false;
  let connections = 0;
  let backoff = minBackoff;
  let client: import('pg').Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const retry = (reason: string) => {
    if (closed || timer) return;
    console.warn(`[invalidation] listening connection lost (${reason}); retrying in ${backoff} ms`);
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, backoff);
    timer.unref();
    backoff = Math.min(backoff * 2, maxBackoff);
  };

  const connect = async () => {
    const { Client } = await import('pg');
    const next = new Client({ connectionString: url });
    client = next;
    let failed = false;
    const fail = (reason: string) => {
      if (failed) return;
      failed = true;
      next.removeAllListeners('notification');
      void next.end().catch(() => {});
      if (client === next) client = null;
      retry(reason);
    };
    next.on('error', (error) => fail(error.message));
    next.on('end', () => fail('connection ended'));
    next.on('notification', (note) => {
      if (note.channel !== INVALIDATION_CHANNEL) return;
      const message = parseMessage(note.payload);
      if (message && message.o !== origin) apply(message.t, message.s);
    });
    try {
      await next.connect();
      await next.query(`listen ${INVALIDATION_CHANNEL}`);
    } catch (error) {
      fail((error as Error).message);
      return;
    }
    if (closed) {
      void next.end().catch(() => {});
      return;
    }
    connections += 1;
    backoff = minBackoff;
    // Whatever was announced while nobody listened is lost: start from empty caches.
    resync();
    markReady();
  };
  void connect();

  return {
    origin,
    ready,
    connections: () => connections,
    announce: (topic, scope = null) => send(sender, { o: origin, t: topic, s: scope === null ? null : String(scope) }),
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      if (options.global && currentSender() === sender) setSender(null);
      const open = client;
      client = null;
      open?.removeAllListeners('end');
      open?.removeAllListeners('error');
      open?.on('error', () => {});
      await open?.end().catch(() => {});
    },
  };
}
