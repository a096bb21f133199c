import type { Metrics } from './metrics';

/**
 * The one scheduler of a server process's periodic jobs (game end, area shrink, results mail, maintenance). Each job
 * runs on its own interval and never overlaps itself: a run still going when the next tick comes is not doubled.
 * Every server process runs the same jobs; each job is written so that running it in several processes at once is
 * harmless (a conditional UPDATE or an "already done" check inside the transaction lets one process win each row),
 * so nothing here coordinates processes.
 */
export type PeriodicJob = {
  readonly name: string;
  readonly everyMs: number;
  /** The first run, when sooner or later than one interval after start (maintenance waits for start-up to settle). */
  readonly firstAfterMs?: number;
  readonly run: () => Promise<unknown>;
};

export type SchedulerLog = { warn: (obj: object, msg: string) => void };

/** What a job last did, for the metrics (times in ms of the scheduler's clock). */
export type JobStatus = { name: string; everyMs: number; lastStartedAt: number | null; lastSucceededAt: number | null; failures: number };

export type Scheduler = {
  /** Starts no new run; resolves once the runs under way have finished (a drain waits for them before the database closes). */
  stop(): Promise<void>;
  status(): JobStatus[];
  /**
   * How far behind each job is: the time since it last succeeded (or since start, before its first success) beyond
   * its interval and first delay. 0 while it keeps up; it grows while a run hangs or every run fails.
   */
  lagMs(): { name: string; lagMs: number }[];
};

export function startScheduler(jobs: readonly PeriodicJob[], log: SchedulerLog, options: { now?: () => number } = {}): Scheduler {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const timers: ReturnType<typeof setTimeout>[] = [];
  const running = new Set<Promise<unknown>>();
  const statuses: JobStatus[] = [];
  let stopped = false;
  for (const job of jobs) {
    const status: JobStatus = { name: job.name, everyMs: job.everyMs, lastStartedAt: null, lastSucceededAt: null, failures: 0 };
    statuses.push(status);
    let current: Promise<unknown> | null = null;
    const tick = () => {
      if (current || stopped) return;
      status.lastStartedAt = now();
      const run = job
        .run()
        .then(() => {
          status.lastSucceededAt = now();
        })
        .catch((err: unknown) => {
          status.failures += 1;
          log.warn({ err, job: job.name }, `${job.name} failed`);
        })
        .finally(() => {
          current = null;
          running.delete(run);
        });
      current = run;
      running.add(run);
    };
    const interval = setInterval(tick, job.everyMs);
    interval.unref();
    timers.push(interval);
    if (job.firstAfterMs !== undefined) {
      const first = setTimeout(tick, job.firstAfterMs);
      first.unref();
      timers.push(first);
    }
  }
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(running);
    },
    status: () => statuses.map((s) => ({ ...s })),
    lagMs() {
      const at = now();
      return jobs.map((job, i) => {
        const since = statuses[i]?.lastSucceededAt ?? startedAt;
        const allowed = statuses[i]?.lastSucceededAt === null ? Math.max(job.everyMs, job.firstAfterMs ?? 0) : job.everyMs;
        return { name: job.name, lagMs: Math.max(0, at - since - allowed) };
      });
    },
  };
}

/** Each job's last run, last success, failures and lag, read at scrape time. */
export function registerSchedulerMetrics(metrics: Metrics, scheduler: Scheduler): void {
  const seconds = (ms: number | null) => (ms === null ? 0 : ms / 1000);
  const perJob: [name: string, help: string, read: () => { name: string; value: number }[]][] = [
    [
      'hatch_job_last_run_timestamp_seconds',
      'When each periodic job last started a run (Unix time; 0 before its first)',
      () => scheduler.status().map((s) => ({ name: s.name, value: seconds(s.lastStartedAt) })),
    ],
    [
      'hatch_job_last_success_timestamp_seconds',
      'When each periodic job last finished a run without error (Unix time; 0 before its first)',
      () => scheduler.status().map((s) => ({ name: s.name, value: seconds(s.lastSucceededAt) })),
    ],
    [
      'hatch_job_failures',
      'Failed runs of each periodic job since the process started',
      () => scheduler.status().map((s) => ({ name: s.name, value: s.failures })),
    ],
    [
      'hatch_job_lag_seconds',
      'How far behind each periodic job is: time since its last success beyond its interval (0 while it keeps up)',
      () => scheduler.lagMs().map((j) => ({ name: j.name, value: j.lagMs / 1000 })),
    ],
  ];
  for (const [name, help, read] of perJob) {
    metrics.gauge({
      name,
      help,
      labelNames: ['job'],
      collect() {
        for (const job of read()) this.set({ job: job.name }, job.value);
      },
    });
  }
}
