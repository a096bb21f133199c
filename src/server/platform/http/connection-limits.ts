import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { BlockList, isIP, type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { answerTimedOut, hasBody } from './body-deadline';
import { averageRate, isSlowSender, type BodyRate } from './body-rate';

/**
 * Bounds on the open sockets (decision 0345; issue 28: two addresses held ~19,860 idle keep-alive sockets until the
 * process ran out of file descriptors and fresh requests failed for 30 s).
 *
 * - Per address: a peer may hold `maxPerAddress` sockets; more are closed as they open. The address is the socket's
 *   peer, never X-Forwarded-For (which anyone can write); a peer TRUST_PROXY names as our proxy is exempt, since
 *   every client behind it shares its address (the proxy bounds its clients, and the total below still holds).
 * - In total: at `maxTotal`, a new socket first makes room by closing the idle ones (no request in flight: silent
 *   sockets and keep-alive sockets between requests, which a browser reopens without the user noticing); then, if
 *   none was idle, the slowest of the sockets still sending a body below the minimum rate (body-rate.ts; issue 36:
 *   2,000 sockets sending 1 byte a second were all "busy" and every new client was refused until their deadline),
 *   answered 408 (decision 0520). Only if every socket is busy at a fair rate is the new one refused.
 * - A socket that has not sent a whole request within `firstRequestWithinMs` is closed: Node's headersTimeout
 *   counts only from a request's first byte, so a socket that says nothing lived until the 90 s socket timeout.
 */
export type ConnectionLimits = {
  maxTotal: number;
  /** 0: no per-address cap. */
  maxPerAddress: number;
  firstRequestWithinMs: number;
  isTrustedProxy: (address: string) => boolean;
  /** Below this a body still arriving is a slow sender, the first closed when sockets run short. */
  bodyRate: BodyRate;
  /** The clock (milliseconds), for the body rates. */
  now?: () => number;
};

/** A request whose body is still arriving: since when, and the socket's bytes read then. */
type Sending = { request: IncomingMessage; response: ServerResponse; since: number; bytesAtStart: number };
type Tracked = { address: string; capped: boolean; inFlight: number; silentTimer: NodeJS.Timeout | undefined; sending: Sending | undefined };

export function limitConnections(server: Server, limits: ConnectionLimits, log: FastifyBaseLogger): void {
  const now = limits.now ?? Date.now;
  const tracked = new Map<Socket, Tracked>();
  const perAddress = new Map<string, number>();
  const closedSinceWarning = { refused: 0, slowBodies: 0 };
  let lastWarning = 0;

  const untrack = (socket: Socket) => {
    const entry = tracked.get(socket);
    if (!entry) return;
    tracked.delete(socket);
    clearTimeout(entry.silentTimer);
    if (!entry.capped) return;
    const left = (perAddress.get(entry.address) ?? 1) - 1;
    if (left > 0) perAddress.set(entry.address, left);
    else perAddress.delete(entry.address);
  };
  const close = (socket: Socket) => {
    untrack(socket);
    socket.destroy();
  };
  // One line at most every 10 s, however many sockets a flood opens.
  const warn = (reason: string, address: string) => {
    if (now() - lastWarning < 10_000) return;
    log.warn({ reason, address, ...closedSinceWarning, open: tracked.size }, 'connections closed: too many open');
    lastWarning = now();
    closedSinceWarning.refused = 0;
    closedSinceWarning.slowBodies = 0;
  };
  const refuse = (socket: Socket, reason: string, address: string) => {
    socket.destroy();
    closedSinceWarning.refused++;
    warn(reason, address);
  };
  /** The socket sending its body the slowest, if that is below the minimum rate. */
  const slowestSender = (): [Socket, Sending] | undefined => {
    let slowest: [Socket, Sending, number] | undefined;
    for (const [socket, { sending }] of tracked) {
      if (!sending || sending.request.complete) continue;
      const received = socket.bytesRead - sending.bytesAtStart;
      const elapsed = now() - sending.since;
      if (!isSlowSender(limits.bodyRate, received, elapsed)) continue;
      const rate = averageRate(received, elapsed);
      if (!slowest || rate < slowest[2]) slowest = [socket, sending, rate];
    }
    return slowest && [slowest[0], slowest[1]];
  };

  server.on('connection', (socket: Socket) => {
    const address = peerAddress(socket.remoteAddress);
    const capped = limits.maxPerAddress > 0 && !limits.isTrustedProxy(address);
    if (capped && (perAddress.get(address) ?? 0) >= limits.maxPerAddress) return refuse(socket, 'per address', address);
    if (tracked.size >= limits.maxTotal) {
      for (const [other, entry] of tracked) if (entry.inFlight === 0) close(other);
      const slowest = tracked.size >= limits.maxTotal ? slowestSender() : undefined;
      if (slowest) {
        const [other, sending] = slowest;
        untrack(other);
        answerTimedOut(sending.request, sending.response);
        closedSinceWarning.slowBodies++;
        warn('slow body', address);
      }
      if (tracked.size >= limits.maxTotal) return refuse(socket, 'total', address);
    }
    const silentTimer = setTimeout(() => close(socket), limits.firstRequestWithinMs);
    silentTimer.unref();
    tracked.set(socket, { address, capped, inFlight: 0, silentTimer, sending: undefined });
    if (capped) perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    socket.once('close', () => untrack(socket));
  });

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const entry = tracked.get(request.socket);
    if (!entry) return;
    clearTimeout(entry.silentTimer);
    entry.silentTimer = undefined;
    entry.inFlight++;
    response.once('close', () => entry.inFlight--);
    if (request.complete || !hasBody(request)) return;
    const sending = { request, response, since: now(), bytesAtStart: request.socket.bytesRead };
    entry.sending = sending;
    const done = () => {
      if (entry.sending === sending) entry.sending = undefined;
    };
    request.once('end', done);
    request.once('close', done);
  });
}

/** '::ffff:192.0.2.1' (an IPv4 peer on a dual-stack listener) is 192.0.2.1. */
function peerAddress(remote: string | undefined): string {
  const address = remote ?? '';
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/** The ranges proxy-addr (Fastify's trustProxy) knows by name. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Which socket peers are our proxies, from TRUST_PROXY: none when it is off; every peer when it counts hops (the peer
 * is then the first proxy by definition); the listed addresses and ranges otherwise.
 */
export function trustedProxyPeers(setting: false | number | string[]): (address: string) => boolean {
  if (setting === false) return () => false;
  if (typeof setting === 'number') return () => true;
  const list = new BlockList();
  for (const entry of setting.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    const version = isIP(address);
    return version !== 0 && list.check(address, version === 6 ? 'ipv6' : 'ipv4');
  };
}
