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
    const stop = startScheduler(
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
    stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(slow).toHaveBeenCalledTimes(2);
    expect(quick).toHaveBeenCalledTimes(8);
  });

  it('logs a failed run with the job name and tries again on the next tick; a first run may come sooner', async () => {
    const warn = vi.fn();
    const run = vi.fn(async () => {
      throw new Error('database busy');
    });
    const stop = startScheduler([{ name: 'maintenance', everyMs: 10_000, firstAfterMs: 100, run }], { warn });
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ job: 'maintenance' }), 'maintenance failed');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(2);
    stop();
  });
});
