/**
 * The HTTP scaffolding every stand-in shares, written once: a server on a loopback port (a free one
 * unless asked), its origin, a close that also drops kept-alive sockets (the SDKs keep connections
 * open, so a plain close would wait for them), and a request body reader.
 */
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Loopback = { server: Server; port: number; origin: string; close(): Promise<void> };

/** Starts an HTTP server on `host` (127.0.0.1 by default) and `port` (a free one by default). */
export async function listenOnLoopback(listener?: RequestListener, opts: { host?: string; port?: number } = {}): Promise<Loopback> {
  const host = opts.host ?? '127.0.0.1';
  const server = createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return { server, port, origin, close: () => closeServer(server) };
}

function closeServer(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

/** The whole body as UTF-8; past `limit.bytes` it throws `limit.error()` (a guard against a runaway test). */
export async function readBody(req: IncomingMessage, limit?: { bytes: number; error: () => Error }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (limit && size > limit.bytes) throw limit.error();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
