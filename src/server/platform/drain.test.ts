import { describe, expect, it, vi } from 'vitest';
import { createDrain } from './drain';

describe('createDrain', () => {
  it('runs every hook once when it begins, waits for them, and a hook added later runs at once', async () => {
    const warn = vi.fn();
    const drain = createDrain({ warn });
    const order: string[] = [];
    let release: () => void = () => undefined;
    drain.onDrain(() => {
      order.push('streams');
    });
    drain.onDrain(() => new Promise<void>((resolve) => (release = () => (order.push('jobs'), resolve()))));
    expect(drain.draining).toBe(false);

    let begun = false;
    const beginning = drain.begin().then(() => (begun = true));
    expect(drain.draining).toBe(true);
    await Promise.resolve();
    expect(begun).toBe(false);
    release();
    await beginning;
    expect(order).toEqual(['streams', 'jobs']);

    // Beginning again runs nothing twice.
    await drain.begin();
    expect(order).toEqual(['streams', 'jobs']);
    drain.onDrain(() => {
      order.push('late');
    });
    await vi.waitFor(() => expect(order).toEqual(['streams', 'jobs', 'late']));
    expect(warn).not.toHaveBeenCalled();
  });

  it('logs a failing hook and still runs the others: one part cannot stop the process from draining', async () => {
    const warn = vi.fn();
    const drain = createDrain({ warn });
    const ran = vi.fn();
    drain.onDrain(() => {
      throw new Error('stuck');
    });
    drain.onDrain(ran);
    await drain.begin();
    expect(ran).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'drain hook failed');
  });
});
