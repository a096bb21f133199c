import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a large body from a slow client (a phone's video): it may arrive within the upload deadline. */
    longUpload?: boolean;
  }
}

/**
 * How long a request's body may take to arrive, per route (decision 0180, issue 29). Node's requestTimeout is one
 * number for the whole server; set to the longest (an upload's), it would let any route's body trickle for minutes.
 * So every request that has a body gets a deadline of its own from the moment its headers are in: `bodyMs`, or
 * `uploadMs` on a route marked `longUpload`. A body still incomplete then is answered 408 and its connection closed,
 * as Node does (or only closed, when the answer has gone already); Node's own limit stays the backstop.
 */
export function addBodyDeadline(app: FastifyInstance, limits: { bodyMs: number; uploadMs: number; nodeMs: number }): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const limit = request.routeOptions.config.longUpload === true ? limits.uploadMs : limits.bodyMs;
    // An injected request (app.inject) has no connection to hold open, and nothing to close.
    if (raw.complete || !hasBody(raw) || limit >= limits.nodeMs || !(raw.socket instanceof Socket)) {
      done();
      return;
    }
    const timer = setTimeout(() => {
      if (!raw.complete) timedOut(raw, reply.raw);
    }, limit);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
    done();
  });
}

function hasBody(raw: IncomingMessage): boolean {
  const length = raw.headers['content-length'];
  return raw.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** What Node itself does when a request outlives its requestTimeout. */
function timedOut(raw: IncomingMessage, response: ServerResponse): void {
  const socket = raw.socket;
  if (socket.destroyed) return;
  if (!response.headersSent) socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
  else socket.destroy();
}
