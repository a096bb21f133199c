/**
 * What a server's GET /metrics says, as the bench reports it (docs/OPERATIONS.md lists every metric): the figures an
 * operator watches during a game, read from the Prometheus text format.
 */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789';

type Series = { name: string; labels: Record<string, string>; value: number };

function parse(text: string): Series[] {
  return text.split('\n').flatMap((line) => {
    const match = /^([a-z_:][a-z0-9_:]*)(?:\{(.*)\})? (\S+)$/i.exec(line);
    if (!match?.[1] || match[3] === undefined) return [];
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/gi)].map((m) => [m[1] ?? '', m[2] ?? '']));
    return [{ name: match[1], labels, value: Number(match[3]) }];
  });
}

export async function scrapeFigures(baseUrl: string) {
  const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
  if (res.status !== 200) return { status: res.status };
  const series = parse(await res.text());
  const one = (name: string) => series.find((s) => s.name === name)?.value ?? null;
  const sum = (name: string) => series.filter((s) => s.name === name).reduce((total, s) => total + s.value, 0);
  const requests: Record<string, number> = {};
  const meanMs: Record<string, number> = {};
  for (const s of series.filter((x) => x.name === 'hatch_http_request_duration_seconds_count')) {
    const key = `${s.labels.method} ${s.labels.route} ${s.labels.status}`;
    requests[key] = s.value;
    const total = series.find(
      (x) =>
        x.name === 'hatch_http_request_duration_seconds_sum' &&
        x.labels.route === s.labels.route &&
        x.labels.method === s.labels.method &&
        x.labels.status === s.labels.status,
    );
    if (total && s.value > 0) meanMs[key] = Math.round((total.value / s.value) * 10_000) / 10;
  }
  return {
    status: res.status,
    event_streams_open: one('hatch_event_streams_open'),
    game_events_published: sum('hatch_game_events_published_total'),
    game_events_delivered: sum('hatch_game_events_delivered_total'),
    requests,
    mean_ms: meanMs,
    mail_outbox_waiting: one('hatch_mail_outbox_waiting'),
    mail_outbox_oldest_s: one('hatch_mail_outbox_oldest_seconds'),
    job_lag_s: Object.fromEntries(series.filter((s) => s.name === 'hatch_job_lag_seconds').map((s) => [s.labels.job, s.value])),
    db_pool: { in_use: one('hatch_db_pool_in_use'), waiting: one('hatch_db_pool_waiting'), size: one('hatch_db_pool_size') },
    logins_failed: sum('hatch_logins_failed_total'),
    event_loop_lag_p99_s: one('nodejs_eventloop_lag_p99_seconds'),
  };
}

/** A server's V8 heap in use and external memory (Buffers) in MB, as its /metrics says them now. */
export async function v8MemoryMb(baseUrl: string): Promise<{ heap: number; external: number }> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
  const series = parse(await res.text());
  const mb = (name: string) => (series.find((s) => s.name === name)?.value ?? Number.NaN) / 2 ** 20;
  return { heap: mb('nodejs_heap_size_used_bytes'), external: mb('nodejs_external_memory_bytes') };
}
