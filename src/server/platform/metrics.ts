import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';
import { sha256 } from './crypto';
import { NotFoundError, UnauthenticatedError } from './errors';

/**
 * The app's Prometheus metrics (decision 0365): one registry per app, never prom-client's global one. The platform
 * owns the registry and the HTTP request histogram; every other part (a domain, the mail outbox, the scheduler, the
 * backups) adds its own metrics here, where the figure is known, by name: asking for a name already registered gives
 * the existing metric back, so a part may ask again and a second app in the same process gets its own.
 */
export type Metrics = {
  readonly registry: Registry;
  counter<L extends string>(config: CounterConfiguration<L>): Counter<L>;
  gauge<L extends string>(config: GaugeConfiguration<L>): Gauge<L>;
  histogram<L extends string>(config: HistogramConfiguration<L>): Histogram<L>;
};

/** `processMetrics`: also Node's own (heap, event-loop lag, handles); only when someone may scrape them. */
export function createMetrics(options: { processMetrics: boolean }): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const existing = (name: string) => registry.getSingleMetric(name);
  return {
    registry,
    counter(config) {
      const found = existing(config.name);
      if (found instanceof Counter) return found;
      return new Counter({ ...config, registers: [registry] });
    },
    gauge(config) {
      const found = existing(config.name);
      if (found instanceof Gauge) return found;
      return new Gauge({ ...config, registers: [registry] });
    },
    histogram(config) {
      const found = existing(config.name);
      if (found instanceof Histogram) return found;
      return new Histogram({ ...config, registers: [registry] });
    },
  };
}

/** Requests that stay open by design (event streams): their minutes would drown the durations of everything else. */
const longLived = new WeakSet<FastifyRequest>();
export function leaveOutOfRequestMetrics(request: FastifyRequest): void {
  longLived.add(request);
}

/**
 * Every answered request by method, route pattern and status: `route` is the pattern Fastify matched
 * (`/api/play/:code`), never the raw URL (codes and tokens would land in the metrics, and the series would grow with
 * traffic); a request that matched no route (the SPA's pages, unknown paths) is `unmatched`.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): RequestObserver {
  const requests = metrics.histogram({
    name: 'hatch_http_request_duration_seconds',
    help: 'HTTP requests answered, by method, route pattern and status, and how long each took (the _count is the request count)',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  // A callback hook, not an async one: no promise per answer (issue 37).
  app.addHook('onResponse', (request, reply, done) => {
    if (!longLived.has(request)) {
      requests.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    }
    done();
  });
  return (method, route, status, seconds) => requests.observe({ method, route, status: String(status) }, seconds);
}

/** Counts an answer sent outside Fastify's hooks (a replayed hot read, platform/http/hot-reads.ts) as its own are. */
export type RequestObserver = (method: string, route: string, status: number, seconds: number) => void;

/**
 * `GET /metrics` in the Prometheus text format (contract: "Running it as a service"): only with
 * `Authorization: Bearer <token>`, else 401; with no token configured, 404 (the route still exists, so the SPA's
 * fallback never answers it).
 */
export function metricsRoute(deps: { metrics: Metrics; token: string | undefined }) {
  const expected = deps.token ? sha256(deps.token) : null;
  return async (app: FastifyInstance) => {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (expected === null) throw new NotFoundError();
      if (!bearerMatches(request.headers.authorization, expected)) {
        void reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new UnauthenticatedError();
      }
      const text = await deps.metrics.registry.metrics();
      return reply.header('content-type', deps.metrics.registry.contentType).header('cache-control', 'no-store').send(text);
    });
  };
}

/** Compared as hashes in constant time: neither the token's length nor its first differing byte shows in the timing. */
function bearerMatches(header: string | undefined, expectedHash: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  return timingSafeEqual(Buffer.from(sha256(match[1])), Buffer.from(expectedHash));
}
