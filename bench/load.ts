import http from 'node:http';

/**
 * A small closed-loop load generator: `concurrency` requests in flight over keep-alive connections,
 * until `maxRequests` are done or `maxMs` has passed. Loopback only.
 */
export type LoadRequest = { method?: string; path: string; headers?: Record<string, string>; body?: string };
export type LoadResult = {
  requests: number;
  statuses: Record<string, number>;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
};

export async function runLoad(options: {
  baseUrl: string;
  concurrency: number;
  maxRequests: number;
  maxMs: number;
  make: (i: number, worker: number) => LoadRequest;
}): Promise<LoadResult> {
  const base = new URL(options.baseUrl);
  if (base.hostname !== '127.0.0.1' && base.hostname !== 'localhost') throw new Error('load tests target loopback only');
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let issued = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.maxMs;

  const one = (req: LoadRequest) =>
    new Promise<number>((resolve) => {
      const r = http.request(
        { host: base.hostname, port: base.port, method: req.method ?? 'GET', path: req.path, agent, headers: { ...(req.body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(req.body) } : {}), ...req.headers } },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', () => resolve(0));
        },
      );
      r.on('error', () => resolve(0));
      if (req.body) r.write(req.body);
      r.end();
    });

  const worker = async (w: number) => {
    while (issued < options.maxRequests && performance.now() < deadline) {
      const i = issued++;
      const t0 = performance.now();
      const status = await one(options.make(i, w));
      latencies.push(performance.now() - t0);
      if (status === 0) errors++;
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, (_, w) => worker(w)));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const q = (p: number) => round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0);
  return { requests: latencies.length, statuses, seconds: round(seconds), rps: round(latencies.length / seconds), p50: q(0.5), p95: q(0.95), p99: q(0.99), max: round(latencies.at(-1) ?? 0), errors };
}

export function round(n: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** Sequential timings of one call (for the admin endpoints): p50 and p95 in ms. */
export async function timeSequential(count: number, call: () => Promise<number>): Promise<{ n: number; p50: number; p95: number; max: number; statuses: number[] }> {
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
