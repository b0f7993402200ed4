/**
 * Whether this server process is shutting down (SIGTERM received): readiness answers 503 so a load balancer stops
 * sending new requests, while the requests in flight finish. Kept on globalThis: the HTTP server (scripts/serve.ts)
 * and the route handlers that Next.js bundles apart share it.
 */
const key = Symbol.for('confhub.draining');
type Holder = typeof globalThis & { [key]?: boolean };

export function markDraining(): void {
  (globalThis as Holder)[key] = true;
}

export function isDraining(): boolean {
  return (globalThis as Holder)[key] === true;
}
