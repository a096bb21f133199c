import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { windowTooSlow, type BodyRate } from './body-rate';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a large body from a slow client (a phone's video): it may arrive within the upload deadline. */
    longUpload?: boolean;
    /** Whose upload this is (a player), for the cap on uploads at once per uploader (upload-slots.ts). */
    uploadOwner?: (request: FastifyRequest) => string;
  }
}

/**
 * How long a request's body may take to arrive, per route (decision 0180, issue 29), and how slowly (decision 0520,
 * issue 36). Node's requestTimeout is one number for the whole server; set to the longest (an upload's), it would let
 * any route's body trickle for minutes. So every request that has a body gets a deadline of its own from the moment
 * its headers are in: `bodyMs`, or `uploadMs` on a route marked `longUpload`; and each window of `rate.windowMs` must
 * bring the minimum rate's bytes (body-rate.ts), so a body sent a byte a second is cut after one window, not after
 * its deadline. A body too slow or still incomplete at its deadline is answered 408 and its connection closed, as
 * Node does (or only closed, when the answer has gone already); Node's own limit stays the backstop.
 */
export function addBodyDeadline(app: FastifyInstance, limits: { bodyMs: number; uploadMs: number; nodeMs: number; rate: BodyRate }): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    // An injected request (app.inject) has no connection to hold open, and nothing to close. Checked before the route's
    // options are read: most requests have no body, and each read of routeOptions builds a new object (issue 37).
    if (raw.complete || !hasBody(raw) || !(raw.socket instanceof Socket)) {
      done();
      return;
    }
    const limit = request.routeOptions.config.longUpload === true ? limits.uploadMs : limits.bodyMs;
    const timers: NodeJS.Timeout[] = [];
    if (limit < limits.nodeMs) {
      const deadline = setTimeout(() => {
        if (!raw.complete) answerTimedOut(raw, reply.raw);
      }, limit);
      deadline.unref();
      timers.push(deadline);
    }
    if (limits.rate.minBytesPerSecond > 0) timers.push(watchRate(raw, raw.socket, reply.raw, limits.rate));
    const clear = () => timers.forEach((timer) => clearTimeout(timer));
    raw.once('end', clear);
    raw.once('close', clear);
    done();
  });
}

/** Checks the body's bytes window by window (one timer, re-armed); the answer is that timer, cleared with the rest. */
function watchRate(raw: IncomingMessage, socket: Socket, response: ServerResponse, rate: BodyRate): NodeJS.Timeout {
  const declared = Number(raw.headers['content-length']);
  let windowStart = socket.bytesRead;
  let counted = 0;
  const check = () => {
    if (raw.complete || socket.destroyed) return;
    const received = socket.bytesRead - windowStart;
    const remaining = Number.isFinite(declared) ? Math.max(declared - counted, 0) : undefined;
    // Bytes waiting for the route to read them: this server is behind (a slow disk, a busy database), not the client.
    const behind = raw.readableLength > 0;
    if (!behind && windowTooSlow(rate, received, remaining)) {
      answerTimedOut(raw, response);
      return;
    }
    counted += received;
    windowStart = socket.bytesRead;
    timer.refresh();
  };
  const timer = setTimeout(check, rate.windowMs);
  timer.unref();
  return timer;
}

export function hasBody(raw: IncomingMessage): boolean {
  const length = raw.headers['content-length'];
  return raw.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * What Node itself does when a request outlives its requestTimeout: 408 and close (only close once answered). The
 * socket is destroyed a moment later whatever the client does: one that goes on sending would otherwise keep it.
 */
export function answerTimedOut(raw: IncomingMessage, response: ServerResponse): void {
  const socket = raw.socket;
  if (socket.destroyed) return;
  if (response.headersSent) {
    socket.destroy();
    return;
  }
  socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
  // Not at once: closing with the client's unread bytes sends a reset, which can reach it before the 408 does.
  setTimeout(() => socket.destroy(), 1_000).unref();
}
