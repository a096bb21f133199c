import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../e2e/support/server';
import { startNginx } from '../support/nginx';
import { openClient } from '../../scripts/http-client';
import { bookingBody } from '../../scripts/booking-body';

/**
 * Issue 36 (game day 3, High): sockets sending their request bodies a byte a second took every connection
 * (`MAX_CONNECTIONS`) until their deadline, and every new client was refused meanwhile. At a scale that runs in
 * seconds: `MAX_CONNECTIONS=100`, 150 such sockets from ten loopback addresses (127.0.0.2-11), against the built
 * server (dist/server.js) directly and behind the shipped nginx configuration (docs/deploy/nginx-hatch.conf). A
 * visitor from 127.0.0.1 must still get the prices and make a booking, quickly (decision 0520).
 */
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

type Flood = { answers: string[]; closed: boolean[]; settled(): number };

/**
 * `count` sockets from `addresses` in turn, each sending `head` (a request whose body is still to come, asking for
 * 100 Continue) and then one byte a second until the test ends. One after the other, as a careful attacker opens them:
 * each has settled (closed, refused, or told to continue: its request is in, waiting for its body) before the next,
 * so every socket held is busy and none is closed as idle to make room.
 */
async function slowFlood(port: number, count: number, addresses: string[], head: string): Promise<Flood> {
  const sockets: Socket[] = [];
  const flood: Flood = {
    answers: [],
    closed: [],
    settled: () => flood.answers.filter((a, i) => flood.closed[i] || a.includes('100 Continue') || / 4\d\d /.test(a)).length,
  };
  for (let i = 0; i < count; i++) {
    const socket = connect({ port, host: '127.0.0.1', localAddress: addresses[i % addresses.length] });
    flood.answers.push('');
    flood.closed.push(false);
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => (flood.answers[i] += chunk.toString('utf8')));
    socket.on('close', () => (flood.closed[i] = true));
    socket.write(head);
    sockets.push(socket);
    await expect.poll(() => flood.settled(), { timeout: 5_000, interval: 5 }).toBe(i + 1);
  }
  const trickle = setInterval(() => sockets.forEach((s) => s.writable && s.write('x')), 1_000);
  cleanups.push(async () => {
    clearInterval(trickle);
    sockets.forEach((s) => s.destroy());
  });
  await expect.poll(() => flood.settled(), { timeout: 15_000 }).toBe(count);
  return flood;
}

/** A booking POST whose body comes a byte a second: it passes the CSRF check and waits for its body. */
function slowBookingHead(cookie: string, csrf: string): string {
  return [
    'POST /api/bookings HTTP/1.1',
    'Host: 127.0.0.1',
    `Cookie: ${cookie}`,
    `X-CSRF-TOKEN: ${csrf}`,
    'Content-Type: application/json',
    'Content-Length: 10000',
    'Expect: 100-continue',
    '',
    '{',
  ].join('\r\n');
}

const tenAddresses = Array.from({ length: 10 }, (_, i) => `127.0.0.${i + 2}`);

/** A visitor from 127.0.0.1: the prices, then a booking; each answered within 3 s. */
async function visitorIsServed(url: string): Promise<void> {
  let began = Date.now();
  const pricing = await fetch(`${url}/api/pricing`);
  expect(pricing.status).toBe(200);
  expect(Date.now() - began).toBeLessThan(3_000);
  began = Date.now();
  const visitor = await openClient(url);
  const booked = await visitor.json('POST', '/api/bookings', bookingBody({ players: 6 }));
  expect(booked.status).toBe(201);
  expect(Date.now() - began).toBeLessThan(3_000);
}

describe('a flood of slow request bodies', () => {
  it('directly: 150 sockets sending a byte a second at MAX_CONNECTIONS=100, and a visitor is still served', async () => {
    const server = await startServer({ MAX_CONNECTIONS: '100' });
    cleanups.push(() => server.stop());
    const attacker = await openClient(server.url);
    const flood = await slowFlood(server.port, 150, tenAddresses, slowBookingHead(attacker.cookie, attacker.csrf));
    await visitorIsServed(server.url);
    // Room was made by closing slow senders (408), not by turning the visitor away.
    expect(flood.answers.filter((a) => a.includes('408 Request Timeout')).length).toBeGreaterThan(0);
  });

  it('behind the shipped nginx: the same flood at nginx, and a visitor is still served', async () => {
    const server = await startServer({ MAX_CONNECTIONS: '100', TRUST_PROXY: '1' });
    cleanups.push(() => server.stop());
    const proxy = await startNginx([server.port]);
    cleanups.push(() => proxy.stop());
    const attacker = await openClient(proxy.url);
    await slowFlood(proxy.port, 150, tenAddresses, slowBookingHead(attacker.cookie, attacker.csrf));
    await visitorIsServed(proxy.url);

    // One address may hold 200 connections with a request in progress at nginx; more are answered 429 at once.
    const oneAddress = await slowFlood(proxy.port, 210, ['127.0.0.12'], slowBookingHead(attacker.cookie, attacker.csrf));
    expect(oneAddress.answers.filter((a) => a.startsWith('HTTP/1.1 429')).length).toBe(10);
    await visitorIsServed(proxy.url);

    // A player's video of 10 MB is taken by nginx and passed on, where its 9 MB cap for every other body answered 413.
    // (The server refuses this one before reading it, no player token, and closes: nginx, still writing it, answers
    // 502. A real upload is read whole.)
    const video = await fetch(`${proxy.url}/api/play/NOGAME/submissions/media?challenge_id=1&kind=video`, {
      method: 'POST',
      headers: { 'content-type': 'video/mp4' },
      body: Buffer.alloc(10 * 1024 * 1024, 1),
    });
    expect(video.status).not.toBe(413);
  });
});
