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
 * The listener lives in ./invalidation-listener.ts (server only); this module has no imports, since
 * the cache modules that use it are also reached from client components' imports.
 */

export const INVALIDATION_CHANNEL = 'confhub_invalidate';

/** `site`: the anonymous HTML cache; `conferences`: host → conference; `pages`, `look`: per conference. */
export type Topic = 'site' | 'conferences' | 'pages' | 'look';
const TOPICS: readonly Topic[] = ['conferences', 'pages', 'look', 'site'];

/** Drops a topic's entries: of one scope (a conference id), or all of them (null). */
type Drop = (scope: string | null) => void;
export type Sender = (payload: string) => Promise<void>;
type State = { drops: Map<Topic, Drop>; sender: Sender | null; queue: Promise<void>; origin: string };
const stateKey = Symbol.for('confhub.invalidation');

/** One registry per process, shared by the server and the bundles Next.js loads. */
function state(): State {
  const g = globalThis as typeof globalThis & { [stateKey]?: State };
  g[stateKey] ??= { drops: new Map(), sender: null, queue: Promise.resolve(), origin: newOrigin() };
  return g[stateKey];
}

/** A new id on the channel: the process id and a random part. */
export function newOrigin(): string {
  return `${globalThis.process?.pid ?? 0}-${Math.random().toString(36).slice(2, 10)}`;
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

export type Message = { o: string; t: Topic; s: string | null };

export function parseMessage(payload: string | undefined): Message | null {
  try {
    const message = JSON.parse(payload ?? '') as Partial<Message>;
    if (typeof message.o !== 'string' || !TOPICS.includes(message.t as Topic)) return null;
    return { o: message.o, t: message.t as Topic, s: typeof message.s === 'string' ? message.s : null };
  } catch {
    return null;
  }
}

export function send(sender: Sender, message: Message): Promise<void> {
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

/** This process's id on the channel. */
export function processOrigin(): string {
  return state().origin;
}

/** Makes broadcast() send through this sender (the server's listener), or stop sending (null). */
export function setSender(sender: Sender | null): void {
  state().sender = sender;
}

/** The sender broadcast() uses now. */
export function currentSender(): Sender | null {
  return state().sender;
}
