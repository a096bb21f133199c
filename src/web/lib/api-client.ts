import type { z } from 'zod';
import { paths } from './paths';
import { notifyError } from './toast';

export const CSRF_MISSING = 'CSRF token not found. Please refresh the page.';
export const SESSION_EXPIRED = 'Session expired. Please log in again.';

/** An API answer that was not 2xx: the server's message, its field errors, and the status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ApiError';
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

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  /**
   * Validates the answer (required: nothing from the network is used unparsed). May be a promise, so a
   * page can send its request before the chunk holding its schemas (and zod) has loaded.
   */
  schema: z.ZodType<T> | Promise<z.ZodType<T>>;
  signal?: AbortSignal;
};

function messageFrom(body: unknown, fallback: string): { message: string; errors: Record<string, string[]> } {
  if (body && typeof body === 'object') {
    const message = 'message' in body && typeof body.message === 'string' ? body.message : fallback;
    const errors: Record<string, string[]> = {};
    if ('errors' in body && body.errors && typeof body.errors === 'object') {
      for (const [key, value] of Object.entries(body.errors)) {
        if (Array.isArray(value)) errors[key] = value.filter((v): v is string => typeof v === 'string');
      }
    }
    return { message, errors };
  }
  return { message: fallback, errors: {} };
}

/** The one way the SPA talks to the API: JSON in and out, the CSRF header on every change. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const method = options.method ?? 'GET';
  const schemaReady = Promise.resolve(options.schema);
  // A schema chunk that fails to load while the request fails too is reported once, by the request.
  schemaReady.catch(() => undefined);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (method !== 'GET') {
    const token = readCsrfToken();
    if (!token) throw new ApiError(0, CSRF_MISSING);
    headers['X-CSRF-TOKEN'] = token;
  }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const response = await fetch(url, {
    method,
    headers,
    credentials: 'same-origin',
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const newToken = response.headers.get('X-CSRF-TOKEN');
  if (newToken) storeCsrfToken(newToken);
  const isStaffCall = path.startsWith('/api/admin');
  if (isStaffCall && (response.status === 401 || response.redirected)) {
    sessionExpired();
    throw new ApiError(401, SESSION_EXPIRED);
  }
  const text = response.status === 204 ? '' : await response.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  if (!response.ok) {
    const { message, errors } = messageFrom(body, response.statusText || 'An error occurred');
    throw new ApiError(response.status, message, errors);
  }
  const schema = await schemaReady;
  // The schema may have come long after the answer: a request given up meanwhile must not land.
  options.signal?.throwIfAborted();
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(response.status, 'The server sent an answer this page does not understand.');
  return parsed.data;
}

/** The server's message when it sent one, otherwise the screen's own. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message && error.status !== 500) return error.message;
  return fallback;
}
