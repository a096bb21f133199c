import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startScheduler } from './scheduler';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startScheduler', () => {
  it('runs each job on its own interval, never overlapping a run of itself, and stops them all', async () => {
    let release: () => void = () => undefined;
    const slow = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const quick = vi.fn(async () => undefined);
    const scheduler = startScheduler(
      [
        { name: 'slow', everyMs: 1_000, run: slow },
        { name: 'quick', everyMs: 500, run: quick },
      ],
      { warn: () => undefined },
    );
    await vi.advanceTimersByTimeAsync(3_000);
    // The slow run started at 1 s is still going: the ticks at 2 s and 3 s do not start another.
    expect(slow).toHaveBeenCalledTimes(1);
    expect(quick).toHaveBeenCalledTimes(6);
    release();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(slow).toHaveBeenCalledTimes(2);
    const stopped = scheduler.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(slow).toHaveBeenCalledTimes(2);
    expect(quick).toHaveBeenCalledTimes(8);
    release();
    await stopped;
  });

  it('logs a failed run with the job name and tries again on the next tick; a first run may come sooner', async () => {
    const warn = vi.fn();
    const run = vi.fn(async () => {
      throw new Error('database busy');
    });
    const scheduler = startScheduler([{ name: 'maintenance', everyMs: 10_000, firstAfterMs: 100, run }], { warn });
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ job: 'maintenance' }), 'maintenance failed');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(scheduler.status()[0]).toMatchObject({ name: 'maintenance', failures: 2, lastSucceededAt: null });
    await scheduler.stop();
  });

  it('stops starting runs at once but resolves only when the run under way has finished (a drain waits for it)', async () => {
    let release: () => void = () => undefined;
    const run = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const scheduler = startScheduler([{ name: 'ending due games', everyMs: 1_000, run }], { warn: () => undefined });
    await vi.advanceTimersByTimeAsync(1_000);
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(stopped).toBe(false);
    expect(run).toHaveBeenCalledTimes(1);
    release();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('reports a job behind when it has not succeeded for longer than its interval (failing or hanging)', async () => {
    // The fake timers move Date.now, the scheduler's clock, with the timers.
    let failing = false;
    let hang: Promise<void> | null = null;
    const run = async () => {
      if (hang) await hang;
      if (failing) throw new Error('database busy');
    };
    const scheduler = startScheduler([{ name: 'shrinking game areas', everyMs: 5_000, run }], { warn: () => undefined });
    const lag = () => scheduler.lagMs()[0]?.lagMs;
    await vi.advanceTimersByTimeAsync(4_000);
    expect(lag()).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(scheduler.status()[0]?.lastSucceededAt).toBe(Date.now());
    // Every run fails from now on: 12 s after the last success it is 7 s behind its 5 s interval.
    failing = true;
    await vi.advanceTimersByTimeAsync(12_000);
    expect(lag()).toBe(7_000);
    expect(scheduler.status()[0]?.failures).toBe(2);
    // It recovers (the run at 20 s), then the run at 25 s hangs: the lag grows while it hangs.
    failing = false;
    await vi.advanceTimersByTimeAsync(3_000);
    expect(lag()).toBe(0);
    let free: () => void = () => undefined;
    hang = new Promise<void>((resolve) => (free = resolve));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(lag()).toBe(25_000);
    free();
    await scheduler.stop();
  });
});
