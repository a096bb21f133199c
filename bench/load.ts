import autocannon from 'autocannon';

export type LoadRequest = { method?: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };

/**
 * One load run's figures. Latencies in ms, from autocannon's histogram (whole milliseconds; its percentiles are
 * p50, p90, p97.5 and p99: there is no p95).
 */
export type LoadResult = {
  requests: number;
  statuses: Record<string, number>;
  seconds: number;
  rps: number;
  p50: number;
  p90: number;
  p97_5: number;
  p99: number;
  max: number;
  errors: number;
};

function toAutocannon(request: LoadRequest): autocannon.Request {
  return {
    method: request.method ?? 'GET',
    path: request.path,
    headers: { ...(request.body === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers },
    ...(request.body === undefined ? {} : { body: request.body }),
  };
}

/**
 * Closed-loop load with autocannon: `concurrency` keep-alive connections, each with one request in flight, until
 * `maxRequests` are answered or `maxMs` has passed. `request` is either one fixed request (built once, the cheapest
 * for the client, which shares the cores with the server) or made anew for every request of a connection.
 */
export async function runLoad(options: {
  baseUrl: string;
  concurrency: number;
  maxRequests: number;
  maxMs: number;
  request: LoadRequest | ((connection: number) => LoadRequest);
}): Promise<LoadResult> {
  const base = new URL(options.baseUrl);
  if (base.hostname !== '127.0.0.1' && base.hostname !== 'localhost') throw new Error('load tests target loopback only');
  const { request } = options;
  let connections = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let finished = false;
    const instance = autocannon(
      {
        url: base.origin,
        connections: options.concurrency,
        amount: options.maxRequests,
        ...(typeof request === 'function'
          ? {
              setupClient: (client: autocannon.Client) => {
                const connection = connections++;
                client.setRequests([{ setupRequest: (built) => ({ ...built, ...toAutocannon(request(connection)) }) }]);
              },
            }
          : { requests: [toAutocannon(request)] }),
      },
      (error: unknown, done: autocannon.Result) => {
        finished = true;
        clearTimeout(timer);
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve(done);
      },
    );
    // autocannon stops on `amount` or on `duration`, not on the first of both.
    if (!finished) timer = setTimeout(() => instance.stop(), options.maxMs);
  });
  const statuses: Record<string, number> = {};
  for (const [status, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[status] = stat.count ?? 0;
  if (result.errors > 0) statuses['0'] = result.errors;
  const { latency } = result;
  return {
    requests: result.requests.total,
    statuses,
    seconds: round(result.duration),
    rps: round(result.requests.total / result.duration),
    p50: latency.p50,
    p90: latency.p90,
    p97_5: latency.p97_5,
    p99: latency.p99,
    max: latency.max,
    errors: result.errors,
  };
}

export function round(n: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** Sequential timings of one call (for the admin endpoints): p50 and p95 in ms. */
export async function timeSequential(
  count: number,
  call: () => Promise<number>,
): Promise<{ n: number; p50: number; p95: number; max: number; statuses: number[] }> {
  const times: number[] = [];
  const statuses = new Set<number>();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    statuses.add(await call());
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => round(times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0);
  return { n: count, p50: q(0.5), p95: q(0.95), max: round(times.at(-1) ?? 0), statuses: [...statuses] };
}
