import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

/**
 * What the logs show of a request (issues 28 and 30, decision 0363): a request id on every line of a request and on
 * every answer (X-Request-Id), and no secret on any line. Secrets travel in paths (manage keys, proposal and reset
 * tokens, payment sessions), in queries and in headers (session cookie, CSRF token, player token, manage key); the
 * serializers below are the only way a request, an answer or an error reaches a log line, so they redact there.
 */

/** An incoming X-Request-Id (a proxy's) is kept only when it is a short plain token; else we make one. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestIdFor(incoming: Pick<IncomingMessage, 'headers'>): string {
  const header = incoming.headers['x-request-id'];
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}

const REDACTED = '[redacted]';
/**
 * The path segment after one of these is a secret (/manage/KEY, /api/proposals/TOKEN, /reset-password/TOKEN, /sign-in/TOKEN, …). Codes
 * are shorter than tokens, so they are named here (issue 36): the booker's page of an unpaid booking (/hatch/CODE, the
 * 12-character temporary code that reads and changes it), a discount code (/api/discount-codes/CODE: a gift voucher's
 * code is money) and a gift voucher's page (/gift-vouchers/TOKEN).
 */
const SECRET_AFTER = new Set(['manage', 'proposal', 'proposals', 'reset-password', 'sign-in', 'checkout', 'recap', 'hatch', 'discount-codes', 'gift-vouchers']);
/**
 * After /booking/ comes a game code (10 characters, the players' join code, kept for the operator) or a temporary code
 * (12): anything longer than a game code is taken for a temporary code.
 */
const GAME_CODE_MAX = 10;
const secretSegment = (before: string, segment: string) =>
  SECRET_AFTER.has(before) || (before === 'booking' && segment.trim().length > GAME_CODE_MAX) || tokenLike(segment);
/** Query parameters whose value is a secret by name (`session_id`, `token`, `key`, …). */
const SECRET_QUERY = /token|key|secret|session|password|signature|auth/i;
/**
 * Whatever its name, a long random-looking value is taken for a token (ours are 32 bytes of base64url): 20 or more
 * URL-safe characters with a digit, or with both cases (so `fastify-type-provider-zod` in a stack stays readable).
 */
const tokenLike = (value: string, minLength = 20) =>
  value.length >= minLength && /^[A-Za-z0-9_-]+$/.test(value) && (/\d/.test(value) || (/[a-z]/.test(value) && /[A-Z]/.test(value)));
const LONG_RUN_IN_TEXT = /[A-Za-z0-9_-]{32,}/g;

const decoded = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};

/** A request's URL as it may be logged: secret path segments and query values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathPart = queryAt === -1 ? url : url.slice(0, queryAt);
  const segments = pathPart.split('/');
  const safePath = segments
    .map((segment, i) => {
      if (segment === '') return segment;
      return secretSegment(decoded(segments[i - 1] ?? '').toLowerCase(), decoded(segment)) ? REDACTED : segment;
    })
    .join('/');
  if (queryAt === -1) return safePath;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      const value = eq === -1 ? '' : pair.slice(eq + 1);
      return SECRET_QUERY.test(decoded(name)) || tokenLike(decoded(value)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${query}`;
}

/** Free text (an error's message and stack) with URLs' secrets, long tokens and a failed query's parameters taken out. */
export function redactText(text: string): string {
  return text
    .replace(/(params: ).*$/gm, `$1${REDACTED}`)
    .replace(/\/[^\s"'`]*/g, (url) => redactUrl(url))
    .replace(LONG_RUN_IN_TEXT, (run) => (tokenLike(run, 32) ? REDACTED : run));
}

type LoggedRequest = { method?: string; url?: string; ip?: string; socket?: { remotePort?: number } | null };

function serializeRequest(request: LoggedRequest) {
  return { method: request.method, url: redactUrl(request.url ?? ''), remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}

/** Fields whose values are a query's parameters (drizzle's DrizzleQueryError): a token or a hash may be among them. */
const PARAMETER_FIELDS = new Set(['params', 'parameters']);

function scrub(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value instanceof Error) return depth > 4 ? REDACTED : scrub(stdSerializers.err(value), depth + 1);
  if (value === null || typeof value !== 'object' || depth > 4) return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, PARAMETER_FIELDS.has(key) ? REDACTED : scrub(field, depth + 1)]));
}

/** pino's error serializer, then every string in it (message, stack, a cause's fields) redacted, parameters dropped. */
export function serializeError(error: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  const plain = stdSerializers.err(error);
  const fields = Object.fromEntries(Object.entries(plain).map(([key, field]) => [key, PARAMETER_FIELDS.has(key) ? REDACTED : scrub(field, 1)]));
  return { ...fields, type: plain.type, message: redactText(plain.message), stack: redactText(plain.stack) };
}

/**
 * The request headers that carry a credential (the session's cookie apart): no log line carries them, and a request
 * with any of them is never answered from a kept answer (hot-reads.ts).
 */
export const CREDENTIAL_HEADERS = ['authorization', 'x-player-token', 'x-manage-key', 'x-csrf-token', 'x-booking-code'] as const;

/** Header and body fields no line may carry, wherever a caller logs an object holding them. */
const REDACT_PATHS = [
  ...CREDENTIAL_HEADERS.map((name) => `req.headers["${name}"]`),
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'password',
  '*.password',
  'token',
  '*.token',
  // A booker's contact details, should a line ever name them.
  'email',
  '*.email',
  'phone',
  '*.phone',
];

type LoggerSettings = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** The logger options for Fastify: the level (or a caller's own options) with our serializers and redaction on top. */
export function loggerOptions(base: FastifyServerOptions['logger'] | { level: string }): FastifyServerOptions['logger'] {
  if (base === false) return false;
  const settings: LoggerSettings = base === true || base === undefined ? {} : base;
  return {
    ...settings,
    serializers: { req: serializeRequest, res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }), err: serializeError },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
  };
}

/** Every answer names its request id, so an operator can find a report's request in the log. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise and no extra turn of the event loop on every request (issue 37).
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
}
