import { createWriteStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors';
import type { ByteSource } from '../../../shared/video-container';
import { collectWhileStreaming } from '../memory/streamed-garbage';

/**
 * An upload's body, streamed to a file as it arrives (decision 0421): never held whole in memory, counted while it
 * streams and cut off at the cap (413, the partial file removed), then read back in small pieces by the checks (the
 * bytes decide what it is) and streamed on into the media storage. `discard` removes the file; the caller always
 * calls it, stored or refused.
 */
export type ReceivedUpload = {
  readonly file: string;
  readonly size: number;
  /** A random-access reader over the file, for the checks (shared/video-container.ts ByteSource). */
  readonly source: ByteSource;
  discard(): Promise<void>;
};

export type ReceiveOptions = {
  dir: string;
  maxBytes: number;
  /** The answer when the body is larger than maxBytes (its Content-Length says so, or its bytes do). */
  tooLarge: string;
  /** The request's Content-Length, if it sent one. */
  declaredLength?: number;
};

export async function receiveUpload(body: Readable, options: ReceiveOptions): Promise<ReceivedUpload> {
  // A declared length over the cap is refused before a byte is read or written.
  if (options.declaredLength !== undefined && options.declaredLength > options.maxBytes) throw new AppError(413, options.tooLarge);
  await mkdir(options.dir, { recursive: true });
  const file = path.join(options.dir, `${randomUUID()}.part`);
  let received = 0;
  // The socket's chunks, each dropped once written, collected as the body streams (platform/memory, decision 0550).
  const collect = collectWhileStreaming();
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      collect(chunk.length);
      if (received > options.maxBytes) done(new AppError(413, options.tooLarge));
      else done(null, chunk);
    },
  });
  // The request is piped by hand, not through pipeline(): on the cap, pipeline would destroy the request and its
  // socket, and the phone would see a reset instead of the 413. It is unpiped and paused instead; the route closes
  // the connection after answering.
  const cutOff = () => {
    body.unpipe(cap);
    body.pause();
  };
  const aborted = (error: Error) => cap.destroy(error);
  body.on('error', aborted);
  body.pipe(cap);
  try {
    await pipeline(cap, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    cutOff();
    await rm(file, { force: true });
    throw error;
  } finally {
    body.off('error', aborted);
  }
  const { size } = await stat(file);
  const handle = await open(file, 'r');
  const source: ByteSource = {
    size,
    async read(offset, length) {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
      return new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead);
    },
  };
  return {
    file,
    size,
    source,
    async discard() {
      await handle.close().catch(() => undefined);
      await rm(file, { force: true });
    },
  };
}
