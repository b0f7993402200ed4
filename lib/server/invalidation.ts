/**
 * Dropping per-process caches on every server process at once (PostgreSQL LISTEN/NOTIFY).
 *
 * Each cache module says how to drop its entries for a topic (`onInvalidate`) and, when a change
 * makes them stale, drops them here and calls `broadcast(topic, scope)`. The broadcast is a
 * `pg_notify` on the channel `confhub_invalidate`, sent in order through the process's pool after
 * the write's transaction committed (every drop site runs after its transaction). Every server
 * process keeps one dedicated connection listening on the channel (`startInvalidationListener`,
 * from lib/server/boot.ts) and runs the same drops when another process announces a change; since
 * any data cache feeds the anonymous HTML, a remote drop of any topic drops that cache too. When the
 * listening connection breaks, it reconnects with backoff and then drops everything, since
 * announcements may have been missed meanwhile.
 *
 * On PGlite (one process) and wherever no listener runs (tests, scripts) a broadcast does nothing.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, DB } from '@/db/client';

export const INVALIDATION_CHANNEL = 'confhub_invalidate';

/** `site`: the anonymous HTML cache; `conferences`: host → conference; `pages`, `look`: per conference. */
export type Topic = 'site' | 'conferences' | 'pages' | 'look';
const TOPICS: readonly Topic[] = ['conferences', 'pages', 'look', 'site'];

/** Drops a topic's entries: of one scope (a conference id), or all of them (null). */
type Drop = (scope: string | null) => void;
type Sender = (payload: string) => Promise<void>;
type State = { drops: Map<Topic, Drop>; sender: Sender | null; queue: Promise<void>; origin: string };
const stateKey = Symbol.for('confhub.invalidation');

/** One registry per process, shared by the server and the bundles Next.js loads. */
function state(): State {
  const g = globalThis as typeof globalThis & { [stateKey]?: State };
  g[stateKey] ??= { drops: new Map(), sender: null, queue: Promise.resolve(), origin: newOrigin() };
  return g[stateKey];
}

function newOrigin(): string {
  return `${process.pid}-${randomBytes(4).toString('hex')}`;
}

/** A cache module registers how its entries are dropped (the last registration of a topic wins). */
export function onInvalidate(topic: Topic, drop: Drop): void {
  state().drops.set(topic, drop);
}

/** Runs this process's drop of a topic; a remote one drops the anonymous HTML as well. */
export function dropLocally(topic: Topic, scope: string | null, remote = false): void {
  const { drops } = state();
  drops.get(topic)?.(scope);
  if (remote && topic !== 'site') drops.get('site')?.(null);
}

/** Drops every cache of this process (after a lost connection: announcements may have been missed). */
export function dropEverything(): void {
  for (const topic of TOPICS) dropLocally(topic, null);
}

type Message = { o: string; t: Topic; s: string | null };

function parse(payload: string | undefined): Message | null {
  try {
    const message = JSON.parse(payload ?? '') as Partial<Message>;
    if (typeof message.o !== 'string' || !TOPICS.includes(message.t as Topic)) return null;
    return { o: message.o, t: message.t as Topic, s: typeof message.s === 'string' ? message.s : null };
  } catch {
    return null;
  }
}

function send(sender: Sender, message: Message): Promise<void> {
  const s = state();
  // One after the other, so other processes see the drops in the order they were made here.
  s.queue = s.queue
    .then(() => sender(JSON.stringify(message)))
    .catch((error: unknown) => console.warn('[invalidation] broadcast failed', (error as Error).message));
  return s.queue;
}

/**
 * Tells the other server processes to drop a topic (call it after the local drop, once the
 * write committed). Returns at once; `broadcastsSent()` waits until the announcements are out.
 */
export function broadcast(topic: Topic, scope: string | number | null = null): void {
  const s = state();
  if (s.sender) void send(s.sender, { o: s.origin, t: topic, s: scope === null ? null : String(scope) });
}

/** Resolves when every broadcast made so far has reached PostgreSQL (or failed and was logged). */
export function broadcastsSent(): Promise<void> {
  return state().queue;
}

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
  const s = state();
  const origin = options.global ? s.origin : (options.origin ?? newOrigin());
  const apply = options.apply ?? ((topic, scope) => dropLocally(topic, scope, true));
  const resync = options.resync ?? dropEverything;
  const minBackoff = options.minBackoffMs ?? 250;
  const maxBackoff = options.maxBackoffMs ?? 10_000;
  const sender: Sender = async (payload) => {
    await (database.db as DB).execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${payload})`);
  };
  if (options.global) s.sender = sender;

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
      const message = parse(note.payload);
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
      if (options.global && s.sender === sender) s.sender = null;
      const open = client;
      client = null;
      open?.removeAllListeners('end');
      open?.removeAllListeners('error');
      open?.on('error', () => {});
      await open?.end().catch(() => {});
    },
  };
}
