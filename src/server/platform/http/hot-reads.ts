import http, { type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import { CREDENTIAL_HEADERS, requestIdFor } from './request-logging';

/**
 * Hot public reads answered again from the bytes Fastify last sent for them (decision 0660).
 *
 * A route marks an answer as replayable with `remember(request, isCurrent)`; the answer Fastify then sends (its status,
 * every header but the request id, its body) is kept under the request's exact URL and If-None-Match. While
 * `isCurrent()` holds, the next such request is answered from it by the server's request listener, before Fastify
 * routes it: with its own request id, counted in the request metrics, and not at all while draining. Anything else
 * (another method, a body, credentials, request log lines on) goes through Fastify as before.
 */
export type HotReads = {
  /**
   * In a route's handler: this request's answer may be replayed while `isCurrent()` holds (a cheap, synchronous check).
   * The route vouches that its 200 and 304 depend on nothing but the URL and If-None-Match (not Accept-Language, not a
   * visitor's cookie): those are the only parts of a request the kept answer is looked up by.
   */
  remember(request: FastifyRequest, isCurrent: () => boolean): void;
  /** How many kept answers were replayed (the tests read it: a replay looks like the pipeline's answer). */
  readonly replayed: number;
};

export type HotReadDeps = {
  isDraining(): boolean;
  /** Counts a replayed answer in the request metrics, as Fastify's own answers are (platform/metrics.ts). */
  observe(method: string, route: string, status: number, seconds: number): void;
  /**
   * Whether a request's credentials could change its answer or need the pipeline (a signed-in session is touched
   * there): such a request always goes through Fastify. Given by the app, which knows the session's cookie.
   */
  carriesCredentials(request: IncomingMessage): boolean;
};

type Kept = {
  route: string;
  status: number;
  /** Header names and values, flat, as `writeHead` takes them; without the request id (each answer has its own). */
  headers: string[];
  body: Buffer;
  isCurrent: () => boolean;
};

/** Enough for every currency's list and its 304s; a flood of made-up query strings cannot grow it past this. */
const MAX_KEPT = 64;

/** Headers whose presence means the request is not a plain read: a body, or credentials of any kind. */
function isPlainRead(request: IncomingMessage): boolean {
  const h = request.headers;
  return (
    request.method === 'GET' &&
    h['content-length'] === undefined &&
    h['transfer-encoding'] === undefined &&
    CREDENTIAL_HEADERS.every((name) => h[name] === undefined)
  );
}

function keyOf(url: string, ifNoneMatch: string | undefined): string {
  return ifNoneMatch === undefined ? url : `${url}\n${ifNoneMatch}`;
}

export type HotReadServer = HotReads & {
  /** Fastify's `serverFactory`: the HTTP server Fastify would make, with the replay in front of Fastify's handler. */
  serverFactory: NonNullable<FastifyServerOptions['serverFactory']>;
  /** Captures marked answers (an onSend hook) and starts replaying; until then every request goes through Fastify. */
  attach(app: FastifyInstance, deps: HotReadDeps): void;
};

/** The server's settings, as Fastify would set them on the server it makes itself (fastify/lib/server.js). */
export type HotReadServerSettings = { http: ServerOptions; keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number };

/** pino's levels: a replay writes no line, so it runs only where a request's lines (info) are off. */
const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
const INFO = 30;

export function createHotReads(settings: HotReadServerSettings): HotReadServer {
  const kept = new Map<string, Kept>();
  const marked = new WeakMap<FastifyRequest, () => boolean>();
  let deps: HotReadDeps | undefined;
  let replaying = false;
  let replayed = 0;

  /** Answers from a kept answer and returns true, or returns false for Fastify to answer. */
  function replay(request: IncomingMessage, response: ServerResponse): boolean {
    if (deps === undefined || !replaying || kept.size === 0 || !isPlainRead(request)) return false;
    const key = keyOf(request.url ?? '', request.headers['if-none-match']);
    const entry = kept.get(key);
    if (entry === undefined || deps.isDraining() || deps.carriesCredentials(request)) return false;
    if (!entry.isCurrent()) {
      kept.delete(key);
      return false;
    }
    const started = process.hrtime.bigint();
    response.writeHead(entry.status, ['x-request-id', requestIdFor(request), ...entry.headers]);
    response.end(entry.body);
    replayed++;
    deps.observe('GET', entry.route, entry.status, Number(process.hrtime.bigint() - started) / 1e9);
    return true;
  }

  return {
    get replayed() {
      return replayed;
    },
    remember(request, isCurrent) {
      marked.set(request, isCurrent);
    },
    serverFactory(handler) {
      // What Fastify's own factory sets on an HTTP/1 server (fastify/lib/server.js), from the same settings.
      const server = http.createServer(settings.http, (request, response) => {
        if (!replay(request, response)) handler(request, response);
      });
      server.keepAliveTimeout = settings.keepAliveTimeout;
      server.requestTimeout = settings.requestTimeout;
      server.setTimeout(settings.connectionTimeout);
      return server;
    },
    attach(app, given) {
      deps = given;
      // Fastify writes two lines per request at `info`; a replayed answer would have none, so it replays only when
      // those lines are off (LOG_LEVEL warn or above, or no logger at all: no level).
      const level: unknown = app.log.level;
      replaying = typeof level !== 'string' || (LEVELS[level] ?? 0) > INFO;
      app.addHook('onSend', (request, reply, payload, done) => {
        const isCurrent = marked.get(request);
        if (isCurrent !== undefined && request.method === 'GET' && (typeof payload === 'string' || Buffer.isBuffer(payload) || payload == null)) {
          keep(request, reply.statusCode, reply.getHeaders(), payload, isCurrent);
        }
        done(null, payload);
      });
    },
  };

  function keep(
    request: FastifyRequest,
    status: number,
    headers: Record<string, string | number | string[] | undefined>,
    payload: string | Buffer | null | undefined,
    isCurrent: () => boolean,
  ): void {
    // Only a whole, plain answer: a 200 or a 304, setting no cookie.
    if ((status !== 200 && status !== 304) || headers['set-cookie'] !== undefined || !isPlainRead(request.raw)) return;
    const key = keyOf(request.raw.url ?? '', request.headers['if-none-match']);
    // A request that could not be replayed (a signed-in visitor's) finds the answer kept already: nothing to copy.
    if (kept.get(key)?.isCurrent() === true) return;
    if (!kept.has(key) && kept.size >= MAX_KEPT) {
      for (const [other, entry] of kept) if (!entry.isCurrent()) kept.delete(other);
      if (kept.size >= MAX_KEPT) return;
    }
    const body = payload == null ? Buffer.alloc(0) : Buffer.from(payload);
    const flat: string[] = [];
    for (const [name, value] of Object.entries(headers)) {
      if (name === 'x-request-id' || name === 'content-length' || value === undefined) continue;
      if (Array.isArray(value)) for (const one of value) flat.push(name, one);
      else flat.push(name, String(value));
    }
    // Node adds no length to a 304; a 200 names its body's.
    if (status === 200) flat.push('content-length', String(body.length));
    kept.set(key, { route: request.routeOptions.url ?? 'unmatched', status, headers: flat, body, isCurrent });
  }
}
