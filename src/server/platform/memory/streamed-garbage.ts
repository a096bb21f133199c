import { Transform } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Media streamed through this process (an upload from the socket to the disk, a zip from the disk to the socket) leaves
 * one dropped Buffer per chunk read: 30 MB of them for a 30 MB video. They are garbage at once, but V8 collects them only
 * when its young generation fills, and the Buffers' bytes live outside it: about 30 MB gathered before each collection,
 * so one upload raised the process's memory by +30 MB (decision 0454; issue 37 wants under +10 MB). So the streams that
 * carry media run V8's young-generation collection after every COLLECT_EVERY bytes they pass on: about 0.05 ms each
 * (a 30 MB upload: four of them), and the memory an upload or a zip raises stays near COLLECT_EVERY (decision 0550).
 *
 * The collection is reached through V8's `gc` extension, enabled for this process at the first use; without it (a
 * runtime that refuses the flag) nothing is collected early and only memory is worse, never correctness.
 */
export const COLLECT_EVERY = 4 * 2 ** 20;

type Collect = () => void;
let collector: Collect | null | undefined;

function youngCollection(): Collect | null {
  if (collector !== undefined) return collector;
  collector = null;
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    if (typeof gc === 'function') collector = () => void Reflect.apply(gc, undefined, [{ type: 'minor' }]);
  } catch {
    // No gc extension on this runtime: collections stay V8's own.
  }
  return collector;
}

/** A counter of streamed bytes that runs a young collection each time another `every` bytes have passed. */
export function collectWhileStreaming(every = COLLECT_EVERY): (bytes: number) => void {
  const collect = youngCollection();
  let since = 0;
  return (bytes) => {
    since += bytes;
    if (since < every || !collect) return;
    since = 0;
    collect();
  };
}

/**
 * A pass-through for a large answer streamed to a client (an export read from the database): its chunks are dropped
 * as soon as the socket has them, so it collects as above while they go by.
 */
export function collectingPassThrough(every = COLLECT_EVERY): Transform {
  const collect = collectWhileStreaming(every);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      collect(chunk.length);
      done(null, chunk);
    },
  });
}
