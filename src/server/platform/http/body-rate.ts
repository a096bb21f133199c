/**
 * The least a request body must bring (decision 0520, issue 36: 2,000 sockets sending 1 byte a second held every
 * connection until their deadline). Measured in windows of `windowMs` from the moment the headers are in: each window
 * must bring `minBytesPerSecond` × its length, or the rest of the body when less is left. A whole window is the grace:
 * a phone whose upload stalls for less (a tunnel, a dead zone) goes on; one that stalls for longer is cut and its
 * outbox sends again later.
 */
export type BodyRate = {
  /** 0: no minimum rate (the deadlines alone apply). */
  minBytesPerSecond: number;
  windowMs: number;
};

/**
 * Whether a window that brought `received` bytes was too slow. `remaining`: the bytes the body still lacked when the
 * window began (from its Content-Length), or undefined when it does not say (chunked).
 */
export function windowTooSlow(rate: BodyRate, received: number, remaining: number | undefined): boolean {
  if (rate.minBytesPerSecond === 0) return false;
  const owed = Math.ceil((rate.minBytesPerSecond * rate.windowMs) / 1000);
  return received < Math.min(owed, remaining ?? owed);
}

/**
 * A body's average rate so far, in bytes a second, over at least a second: a body that has just begun is judged by
 * what it brought at once (a phone's upload starts with a burst), not by a rate over a few milliseconds.
 */
export function averageRate(received: number, elapsedMs: number): number {
  return (received * 1000) / Math.max(elapsedMs, 1000);
}

/** Whether a body still arriving is slower than the minimum (the first to close when sockets run short). */
export function isSlowSender(rate: BodyRate, received: number, elapsedMs: number): boolean {
  return rate.minBytesPerSecond > 0 && averageRate(received, elapsedMs) < rate.minBytesPerSecond;
}
