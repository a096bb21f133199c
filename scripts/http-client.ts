/**
 * A tiny cookie + CSRF client for a running server (a browser without the browser). Outside tests/ because the process
 * tests and the benchmarks both use it, and the benchmarks do not depend on the test tree. Loopback only.
 */
export type HttpClient = {
  cookie: string;
  csrf: string;
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: string; headers: Headers }>;
  json<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; data: T }>;
};

export async function openClient(baseUrl: string, headers: Record<string, string> = {}): Promise<HttpClient> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(baseUrl)) throw new Error(`loopback only: ${baseUrl}`);
  const page = await fetchResent(`${baseUrl}/`, { headers });
  const html = await page.text();
  const state = { cookie: cookieFrom(page.headers) ?? '', csrf: /<meta name="csrf-token" content="([^"]+)">/.exec(html)?.[1] ?? '' };
  const client: HttpClient = {
    get cookie() {
      return state.cookie;
    },
    get csrf() {
      return state.csrf;
    },
    async request(method, path, body, extra = {}) {
      const res = await fetchResent(`${baseUrl}${path}`, {
        method,
        headers: {
          ...headers,
          ...(state.cookie ? { cookie: state.cookie } : {}),
          ...(method === 'GET' ? {} : { 'x-csrf-token': state.csrf }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...extra,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      const cookie = cookieFrom(res.headers);
      if (cookie) state.cookie = cookie;
      const csrf = res.headers.get('x-csrf-token');
      if (csrf) state.csrf = csrf;
      return { status: res.status, body: text, headers: res.headers };
    },
    async json<T>(method: string, path: string, body?: unknown, extra?: Record<string, string>) {
      const res = await client.request(method, path, body, extra);
      let data: unknown;
      try {
        data = res.body ? JSON.parse(res.body) : null;
      } catch {
        data = res.body;
      }
      return { status: res.status, data: data as T };
    },
  };
  return client;
}

/**
 * fetch, sent again when the connection was closed before any answer came. An HTTP/1.1 keep-alive connection may be
 * closed by the other side (a proxy's graceful reload ends all its idle ones) in the instant a request is written into
 * it; the server never saw that request, and browsers resend it on a fresh connection. undici does not, and its next
 * pooled connection may be one of the closed ones too, so this tries a few times.
 */
export async function fetchResent(input: string, init: RequestInit = {}, attempts = 5): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (error) {
    if (attempts <= 1 || !closedBeforeAnswer(error)) throw error;
    return fetchResent(input, init, attempts - 1);
  }
}

function closedBeforeAnswer(error: unknown): boolean {
  if (!(error instanceof TypeError) || !(error.cause instanceof Error)) return false;
  const code = 'code' in error.cause ? error.cause.code : undefined;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET';
}

function cookieFrom(headers: Headers): string | undefined {
  for (const line of headers.getSetCookie()) {
    const match = /^((?:__Host-)?hatch_session)=([^;]*)/.exec(line);
    if (match) return `${match[1]}=${match[2]}`;
  }
  return undefined;
}
