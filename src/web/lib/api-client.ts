import type { z } from 'zod';
import { currentLanguage } from './language';
import {
  pathOf,
  type BodyOf,
  type EndpointConfig,
  type HttpMethod,
  type ParamsOf,
  type PathParamNames,
  type QueryOf,
  type ResponseOf,
} from '../../shared/api/endpoint';
import { codeForStatus, isErrorCode, type ErrorCode } from '../../shared/api/error-codes';
import { paths } from './paths';
import { notifyError } from './toast';

export const CSRF_MISSING = 'CSRF token not found. Please refresh the page.';
export const SESSION_EXPIRED = 'Session expired. Please log in again.';

/** Errors the client finds itself: no CSRF meta tag, or an answer its schema refuses. */
export type ClientErrorCode = 'csrf_missing' | 'invalid_answer';

/** An API answer that was not 2xx: the server's message, its machine-readable code, its field errors, the status. */
export class ApiError extends Error {
  readonly code: ErrorCode | ClientErrorCode;
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    code?: ErrorCode | ClientErrorCode,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code ?? codeForStatus(status);
  }
}

export function readCsrfToken(): string | null {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]');
  return meta?.content ? meta.content : null;
}

function storeCsrfToken(token: string): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'csrf-token';
    document.head.append(meta);
  }
  meta.content = token;
}

let redirectingToLogin = false;
/** A staff call found the session gone: say so once and go to the login page. */
function sessionExpired(): void {
  if (redirectingToLogin) return;
  redirectingToLogin = true;
  notifyError(SESSION_EXPIRED);
  const next = `${window.location.pathname}${window.location.search}`;
  window.setTimeout(() => window.location.assign(`${paths.login}?next=${encodeURIComponent(next)}`), 300);
}

/**
 * A change refused for its CSRF token (none in the page, or one the server no longer accepts: 419). The spec's text
 * is shown here, once, on every screen (admin, booker, player, host), whatever the screen does with the error; a
 * screen that toasts the error's message too shows the same toast (toasts of one text replace each other).
 */
function csrfFailed(status: number, code: 'csrf_missing' | 'csrf_mismatch'): ApiError {
  notifyError(CSRF_MISSING);
  return new ApiError(status, CSRF_MISSING, {}, code);
}

type RequestOptions = {
  params?: Readonly<Record<string, string | number>>;
  query?: Readonly<Record<string, unknown>>;
  body?: unknown;
  /** A raw body (a photo): sent as it is with its own type, instead of JSON. */
  file?: Blob;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** No required key: `Nothing extends T` holds when every key of T is optional. */
type Nothing = Record<never, never>;

/** What `api` needs to be told for an endpoint: params when its path has some, its body, its query. */
export type ApiOptions<E extends EndpointConfig> = ([PathParamNames<E['path']>] extends [never] ? { params?: undefined } : { params: ParamsOf<E> }) &
  ([BodyOf<E>] extends [never] ? { body?: undefined } : { body: BodyOf<E> }) &
  ([QueryOf<E>] extends [never] ? { query?: undefined } : Nothing extends QueryOf<E> ? { query?: QueryOf<E> } : { query: QueryOf<E> }) & {
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };
type ApiArgs<E extends EndpointConfig> = Nothing extends ApiOptions<E> ? [options?: ApiOptions<E>] : [options: ApiOptions<E>];

/**
 * An endpoint whose schemas (and zod) come from a chunk loaded on demand: the request goes out at once, its answer
 * is checked once the chunk is in. Method and path are typed against the descriptor, so they cannot drift from it.
 */
export type LazyEndpoint<E extends EndpointConfig> = { readonly method: E['method']; readonly path: E['path']; readonly load: () => Promise<E> };
export function lazyEndpoint<E extends EndpointConfig>(route: NoInfer<{ method: E['method']; path: E['path'] }>, load: () => Promise<E>): LazyEndpoint<E> {
  return { method: route.method, path: route.path, load };
}

function errorFrom(status: number, body: unknown, fallback: string): ApiError {
  if (!body || typeof body !== 'object') return new ApiError(status, fallback);
  const message = 'message' in body && typeof body.message === 'string' ? body.message : fallback;
  const code = 'code' in body && isErrorCode(body.code) ? body.code : codeForStatus(status);
  const errors: Record<string, string[]> = {};
  if ('errors' in body && body.errors && typeof body.errors === 'object') {
    for (const [key, value] of Object.entries(body.errors)) {
      if (Array.isArray(value)) errors[key] = value.filter((v): v is string => typeof v === 'string');
    }
  }
  return new ApiError(status, message, errors, code);
}

/**
 * The one way the SPA talks to the API: `api(endpoint, { params, query, body })` with the types of the endpoint's
 * descriptor (src/shared/api/endpoints), JSON in and out, the CSRF header on every change, and the answer parsed
 * with the descriptor's response schema (nothing from the network is used unparsed).
 */
export async function api<E extends EndpointConfig>(endpoint: E | LazyEndpoint<E>, ...[options]: ApiArgs<E>): Promise<ResponseOf<E>> {
  const schema: Promise<E['response']> = 'load' in endpoint ? endpoint.load().then((e) => e.response) : Promise.resolve(endpoint.response);
  // A schema chunk that fails to load while the request fails too is reported once, by the request.
  schema.catch(() => undefined);
  const opts: RequestOptions = options ?? {};
  const answer = await send(endpoint.method, pathOf(endpoint.path, opts.params), opts);
  const parser = await schema;
  // The schema may have come long after the answer: a request given up meanwhile must not land.
  opts.signal?.throwIfAborted();
  return parseAnswer(parser, answer);
}

/** How far an upload has gone: bytes sent of the file's total. */
export type UploadProgress = { sent: number; total: number };

/**
 * `api` for an endpoint whose body is a file (a photo or a video): the same headers, errors and answer parsing, sent
 * with XMLHttpRequest because fetch reports no upload progress in browsers; `onProgress` hears each step (decision 0424).
 */
export async function apiUpload<E extends EndpointConfig>(
  endpoint: E,
  options: ApiOptions<E> & { file: Blob; onProgress?: (progress: UploadProgress) => void },
): Promise<ResponseOf<E>> {
  const opts: RequestOptions = options;
  const path = pathOf(endpoint.path, opts.params);
  const request = prepare(endpoint.method, path, opts);
  const raw = await xhrSend(endpoint.method, request, options.file, opts.signal, options.onProgress);
  const answer = interpret(path, raw);
  const parser: E['response'] = endpoint.response;
  return parseAnswer(parser, answer);
}

function parseAnswer<S extends z.ZodType>(schema: S, answer: { status: number; body: unknown }): z.output<S> {
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) throw new ApiError(answer.status, 'The server sent an answer this page does not understand.', {}, 'invalid_answer');
  return parsed.data;
}

/** The request as both transports send it: the URL with its query, the headers with the CSRF token on a change. */
function prepare(method: HttpMethod, path: string, options: RequestOptions): { url: URL; headers: Record<string, string> } {
  // The API answers its messages in the reader's language (api-contract, "Languages").
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage(), ...options.headers };
  if (method !== 'GET') {
    const token = readCsrfToken();
    if (!token) throw csrfFailed(0, 'csrf_missing');
    headers['X-CSRF-TOKEN'] = token;
  }
  if (options.file !== undefined) headers['Content-Type'] = options.file.type || 'application/octet-stream';
  else if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return { url, headers };
}

/** An answer as either transport received it, before it is judged. */
type RawAnswer = { status: number; statusText: string; text: string; csrfToken: string | null; redirected: boolean };

async function send(method: HttpMethod, path: string, options: RequestOptions): Promise<{ status: number; body: unknown }> {
  const { url, headers } = prepare(method, path, options);
  const response = await fetch(url, {
    method,
    headers,
    credentials: 'same-origin',
    ...(options.file !== undefined ? { body: options.file } : options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const text = response.status === 204 ? '' : await response.text();
  return interpret(path, {
    status: response.status,
    statusText: response.statusText,
    text,
    csrfToken: response.headers.get('X-CSRF-TOKEN'),
    redirected: response.redirected,
  });
}

/**
 * An upload through XMLHttpRequest, whose `upload.onprogress` tells how many bytes left. It fails as fetch does: a
 * TypeError when the network fails (so a kept answer waits for the connection, outbox.ts), the signal's reason when
 * given up.
 */
function xhrSend(
  method: HttpMethod,
  { url, headers }: { url: URL; headers: Record<string, string> },
  file: Blob,
  signal: AbortSignal | undefined,
  onProgress: ((progress: UploadProgress) => void) | undefined,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (onProgress) {
      onProgress({ sent: 0, total: file.size });
      xhr.upload.onprogress = (e) => onProgress({ sent: e.loaded, total: e.lengthComputable ? e.total : file.size });
    }
    const aborted = () => xhr.abort();
    signal?.addEventListener('abort', aborted, { once: true });
    const settle = () => signal?.removeEventListener('abort', aborted);
    xhr.onload = () => {
      settle();
      // Redirected: the address answered is another than the one asked (a staff call sent to the login page).
      const answeredPath = xhr.responseURL ? new URL(xhr.responseURL).pathname : url.pathname;
      resolve({
        status: xhr.status,
        statusText: xhr.statusText,
        text: xhr.status === 204 ? '' : xhr.responseText,
        csrfToken: xhr.getResponseHeader('X-CSRF-TOKEN'),
        redirected: answeredPath !== url.pathname,
      });
    };
    xhr.onerror = () => {
      settle();
      reject(new TypeError('Failed to fetch'));
    };
    xhr.onabort = () => {
      settle();
      reject(signal?.reason ?? new DOMException('The upload was aborted.', 'AbortError'));
    };
    xhr.send(file);
  });
}

/** What every answer goes through, whichever transport brought it: a new CSRF token, a lost session, the errors. */
function interpret(path: string, answer: RawAnswer): { status: number; body: unknown } {
  if (answer.csrfToken) storeCsrfToken(answer.csrfToken);
  const isStaffCall = path.startsWith('/api/admin');
  if (isStaffCall && (answer.status === 401 || answer.redirected)) {
    sessionExpired();
    throw new ApiError(401, SESSION_EXPIRED, {}, 'unauthenticated');
  }
  let body: unknown = null;
  if (answer.text) {
    try {
      body = JSON.parse(answer.text);
    } catch {
      body = undefined;
    }
  }
  if (answer.status === 419) throw csrfFailed(419, 'csrf_mismatch');
  if (answer.status < 200 || answer.status > 299) throw errorFrom(answer.status, body, answer.statusText || 'An error occurred');
  return { status: answer.status, body };
}

/** A staff call found the session gone: the client has already said so and is on its way to the login page. */
export function isSessionExpired(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'unauthenticated';
}

/** The server's message when it sent one, otherwise the screen's own. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message && error.status !== 500) return error.message;
  return fallback;
}

/**
 * A query's retry rule: a refusal (4xx: logged out, not allowed, not found) is an answer and is not asked again, so a
 * screen acts on it at once (a logged-out console goes to the login page, issue 28); a failure of the network or the
 * server (5xx) is asked again up to `times` times.
 */
export function retryUnlessRefused(times: number): (failures: number, error: unknown) => boolean {
  return (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < times;
}
