import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientError, answerConnect, methodServed, refuseUnservedMethod } from './method-guard';

/**
 * The method guard on a plain Node.js server wired as scripts/serve.ts wires it (e2e/methods.spec.ts checks the built
 * app): the 405 envelope for methods the app does not serve, and, since a 'clientError' listener replaces Node's own
 * answer to every parse error, Node's answers kept for the other parse errors.
 */
describe('the method guard', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (refuseUnservedMethod(req, res)) return;
      res.end('served');
    });
    server.on('clientError', answerClientError);
    server.on('connect', answerConnect);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(text));
      const chunks: Buffer[] = [];
      socket.on('data', (c) => chunks.push(c));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  const request = (method: string, target: string, headers = '') =>
    send(`${method} ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${headers}\r\n`);
  const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;

  it('serves the usual methods, and OPTIONS only under /api', () => {
    for (const m of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']) expect(methodServed(m, '/page/1')).toBe(true);
    expect(methodServed('OPTIONS', '/api/health?x=1')).toBe(true);
    expect(methodServed('OPTIONS', '/')).toBe(false);
    for (const m of ['TRACE', 'TRACK', 'CONNECT', 'PROPFIND', 'FOO', undefined]) expect(methodServed(m, '/api/health')).toBe(false);
  });

  it('answers TRACE, TRACK, FOO and CONNECT with the 405 envelope in the caller’s language', async () => {
    for (const [method, target, headers, message] of [
      ['TRACE', '/', '', '此地址不支持该请求方式'],
      ['TRACK', '/api/health', 'x-locale: en\r\n', 'This address does not take this kind of request.'],
      ['FOO', '/en/conferencelogin', '', 'This address does not take this kind of request.'],
      ['CONNECT', '/x', 'cookie: a=1; NEXT_LOCALE=en\r\n', 'This address does not take this kind of request.'],
    ]) {
      const answer = await request(method, target, headers);
      expect(answer, method).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
      expect(answer).toMatch(/\r\nAllow: GET, HEAD, POST, PUT, PATCH, DELETE\r\n/i);
      expect(bodyOf(answer)).toEqual({ code: 405, error: 'METHOD_NOT_ALLOWED', message, data: null });
    }
    expect(await request('GET', '/')).toMatch(/served$/);
  });

  it('keeps Node’s own answers to the other parse errors', async () => {
    expect(await send('GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(await send(`GET / HTTP/1.1\r\nHost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`)).toMatch(
      /^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/,
    );
  });
});
