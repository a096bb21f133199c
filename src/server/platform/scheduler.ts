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

/** Starts the jobs; the answer stops them all (a run under way finishes on its own). */
export function startScheduler(jobs: readonly PeriodicJob[], log: SchedulerLog): () => void {
  const timers: ReturnType<typeof setTimeout>[] = [];
  let stopped = false;
  for (const job of jobs) {
    let running = false;
    const tick = () => {
      if (running || stopped) return;
      running = true;
      job
        .run()
        .catch((err: unknown) => log.warn({ err, job: job.name }, `${job.name} failed`))
        .finally(() => {
          running = false;
        });
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
  return () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
  };
}
