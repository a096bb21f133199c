import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * A real listening server (port 0) with a short request timeout set through the environment, and raw sockets that
 * behave like a slow-body attack: the server must close them, not hold them open.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_MS: '1000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t.close());

type Outcome = { closedAfterMs: number; answer: string };

/** Opens a socket, writes `start`, then `trickle` every 200 ms until the server closes it (or 8 s pass). */
function slowClient(start: string, trickle: string | null): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const began = Date.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`still open after 8 s; answer so far: ${answer}`));
    }, 8_000);
    socket.on('connect', () => {
      socket.write(start);
      if (trickle !== null) timer = setInterval(() => socket.writable && socket.write(trickle), 200);
    });
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: Date.now() - began, answer });
    });
  });
}

describe('server timeouts', () => {
  it('closes a connection that sends its headers and then trickles its body', async () => {
    // A visitor with a valid session and token: the request passes the CSRF check and its body is awaited.
    const visitor = await t.visitor();
    const headers = [
      'POST /api/bookings HTTP/1.1',
      'Host: 127.0.0.1',
      `Cookie: ${visitor.cookie}`,
      `X-CSRF-TOKEN: ${visitor.csrf}`,
      'Content-Type: application/json',
      'Content-Length: 100000',
      '',
      '',
    ].join('\r\n');
    const outcome = await slowClient(`${headers}{`, ' ');
    expect(outcome.closedAfterMs).toBeLessThan(4_000);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection that never finishes its headers', async () => {
    const outcome = await slowClient('GET /api/pricing HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: 1\r\n');
    expect(outcome.closedAfterMs).toBeLessThan(4_000);
  });

  it('closes a connection that sends headers and a body that never comes', async () => {
    const outcome = await slowClient('POST /api/bookings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n', null);
    expect(outcome.closedAfterMs).toBeLessThan(4_000);
  });

  it('still answers an ordinary request on the same server', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/pricing`);
    expect(res.status).toBe(200);
  });
});
