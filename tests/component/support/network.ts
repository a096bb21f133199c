import { afterEach, beforeEach } from 'vitest';
import type { BodyOf, EndpointConfig, PathParamNames, ResponseOf } from '../../../src/shared/api/endpoint';
import type { ErrorCode } from '../../../src/shared/api/error-codes';

/**
 * The network of a component test: `fetch` answered by handlers registered per endpoint descriptor
 * (src/shared/api/endpoints/*), so a handler's answer has the type the real client parses. Our own code is not mocked:
 * the real api-client builds and sends the request, parses the answer with the descriptor's schema and raises
 * `ApiError`s as it does against the server. Every call is recorded; a call nobody answers fails the test.
 */

/** An error answer: the API's error body (`{ message, code, errors? }`, src/shared/api/common.ts) and its status. */
export class ErrorAnswer {
  constructor(
    readonly status: number,
    readonly body: { message: string; code?: ErrorCode; errors?: Record<string, string[]> } | null,
  ) {}
}

/** `{ status, body }` of an error: the server's message and code (the code defaults to the status's). */
export function failWith(status: number, message: string, code?: ErrorCode, errors?: Record<string, string[]>): ErrorAnswer {
  return new ErrorAnswer(status, { message, ...(code ? { code } : {}), ...(errors ? { errors } : {}) });
}

export type HandlerRequest<E extends EndpointConfig> = {
  params: Record<PathParamNames<E['path']>, string>;
  /** The JSON body sent, as the endpoint's body type (checked against its schema before the handler runs). */
  body: [BodyOf<E>] extends [never] ? undefined : BodyOf<E>;
  url: URL;
  /** 1 for the first call to this endpoint in the test, 2 for the second… */
  call: number;
};
type Answer<E extends EndpointConfig> = ResponseOf<E> | ErrorAnswer;
export type Handler<E extends EndpointConfig> = (request: HandlerRequest<E>) => Answer<E> | Promise<Answer<E>>;

export type RecordedCall = { method: string; url: URL; path: string; body: unknown; endpoint: EndpointConfig | undefined };

type Registered = { endpoint: EndpointConfig; pattern: RegExp; names: string[]; handler: Handler<EndpointConfig> };

let handlers: Registered[] = [];
let recorded: RecordedCall[] = [];
let problems: string[] = [];

function patternOf(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`), names };
}

/**
 * Answers every call to `endpoint` in this test with `handler` (the last registration for an endpoint wins, so a test
 * can change an answer midway). The handler returns the success answer (`ResponseOf<E>`) or `failWith(…)`.
 */
export function answer<E extends EndpointConfig>(endpoint: E, handler: Handler<E> | Answer<E>): void {
  const { pattern, names } = patternOf(endpoint.path);
  const fn = (typeof handler === 'function' ? handler : () => handler) as Handler<EndpointConfig>;
  handlers = [{ endpoint, pattern, names, handler: fn }, ...handlers.filter((h) => h.endpoint !== endpoint)];
}

/** Every call made so far in this test, in order. */
export function calls(): readonly RecordedCall[] {
  return recorded;
}

/** The calls made to one endpoint so far. */
export function callsTo(endpoint: EndpointConfig): readonly RecordedCall[] {
  return recorded.filter((c) => c.endpoint === endpoint);
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(status === 204 || body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

async function route(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const text = typeof init?.body === 'string' ? init.body : undefined;
  const body: unknown = text === undefined ? undefined : JSON.parse(text);
  const found = handlers
    .filter((h) => h.endpoint.method === method)
    .map((h) => ({ h, match: h.pattern.exec(url.pathname) }))
    .find((m) => m.match !== null);
  const call: RecordedCall = { method, url, path: url.pathname, body, endpoint: found?.h.endpoint };
  recorded.push(call);
  if (!found?.match) {
    const problem = `Unanswered call: ${method} ${url.pathname}${url.search} (register it with answer(endpoint, handler))`;
    problems.push(problem);
    throw new TypeError(problem);
  }
  const { h, match } = found;
  const schema = h.endpoint.body;
  if (schema && !schema.safeParse(body).success) {
    problems.push(`${method} ${url.pathname} sent a body its endpoint's schema refuses: ${text ?? '(none)'}`);
  }
  const params = Object.fromEntries(h.names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]));
  const number = recorded.filter((c) => c.endpoint === h.endpoint).length;
  const result = await h.handler({ params, body, url, call: number } as HandlerRequest<EndpointConfig>);
  if (result instanceof ErrorAnswer) return jsonResponse(result.status, result.body);
  return jsonResponse(h.endpoint.status ?? 200, result);
}

/** What went wrong with the network so far in this test (unanswered calls, refused bodies), cleared once read. */
export function takeProblems(): string[] {
  const found = problems;
  problems = [];
  return found;
}

/**
 * Puts the stand-in network in place around every test of the file being set up. Called by the set-up file, which runs
 * again for each test file; this module does not, as a worker's files share their modules (vitest.config.ts).
 */
export function useNetwork(): void {
  const originalFetch = globalThis.fetch;

  beforeEach(() => {
    handlers = [];
    recorded = [];
    problems = [];
    globalThis.fetch = route;
    window.fetch = route;
  });

  afterEach(() => {
    globalThis.fetch = originalFetch;
    window.fetch = originalFetch;
    const found = takeProblems();
    if (found.length > 0) throw new Error(found.join('\n'));
  });
}
