import { playersWithoutPhotoConsent } from '../../privacy';
import { Readable, Transform } from 'node:stream';
import { ZipFile } from 'yazl';
import type { DbOrTx } from '../../../platform/db/client';
import type { MediaStorage } from '../../../platform/storage';
import { mediaOfGame } from './showcase-repository';
import { collectWhileStreaming } from '../../../platform/memory/streamed-garbage';

/**
 * Every photo and video of a game as one zip (issue 29, decision 0453), for staff and the organiser. Streamed: the
 * list of entries is read first (small), then each media is opened as a stream from the storage only when the zip
 * reaches it (yazl's lazy entries) and piped through with the answer's back-pressure, so no media is ever held whole,
 * whatever the game holds (the bench's media section measures it with a 30 MB video). Media are stored uncompressed:
 * photos and videos are compressed already.
 */

type Log = { warn: (obj: object, msg: string) => void };

/** A name safe in every unzip tool: letters, digits, spaces, dots and dashes, never a path. */
export function safeName(text: string): string {
  const cleaned = text
    .normalize('NFKD')
    .replaceAll(/[^\w .-]+/g, '')
    .replaceAll(/\s+/g, ' ')
    .replaceAll(/^[ .]+|[ .]+$/g, '')
    .slice(0, 60);
  return cleaned === '' ? 'untitled' : cleaned;
}

/** `Team/Challenge-ID.ext` for each media (the id keeps two of one challenge apart). */
export function entryName(row: { id: number; key: string; teamName: string; challengeName: string | null }): string {
  const extension = row.key.slice(row.key.lastIndexOf('.') + 1);
  return `${safeName(row.teamName)}/${safeName(row.challengeName ?? 'challenge')}-${row.id}.${extension}`;
}

/** The game's media but those of players who declined photo consent (issue 41): the zip is shared like the recap. */
export async function mediaZip(db: DbOrTx, storage: MediaStorage, game: { gameId: number; bookingId: number }, log: Log): Promise<Readable> {
  const rows = await mediaOfGame(db, game.gameId, await playersWithoutPhotoConsent(db, game.bookingId));
  const zip = new ZipFile();
  // The storage's chunks, each dropped once sent, collected as the zip streams (platform/memory, decision 0550).
  const collect = collectWhileStreaming();
  const counted = (body: Readable) => {
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        collect(chunk.length);
        next(null, chunk);
      },
    });
    body.once('error', (error) => counter.destroy(error));
    return body.pipe(counter);
  };
  for (const row of rows) {
    const key = row.key;
    if (key === null) continue;
    zip.addReadStreamLazy(entryName({ ...row, key }), { compress: false }, (done) => {
      storage.open(key).then(
        (media) => {
          // A media missing from the storage leaves an empty entry, not a broken download.
          if (!media) log.warn({ key }, 'media of the zip missing from the storage');
          done(null, media ? counted(media.body) : Readable.from([]));
        },
        (err: unknown) => done(err instanceof Error ? err : new Error(String(err)), Readable.from([])),
      );
    });
  }
  zip.end();
  // yazl's output is a PassThrough: answered as it is. Wrapped in another Readable (as it once was), the wrapper
  // buffered what yazl wrote and was destroyed by the output's 'close' at the archive's end, so a large media's tail
  // and the zip's directory were never sent.
  const output = zip.outputStream;
  if (!(output instanceof Readable)) throw new Error("yazl's output is not a stream.Readable");
  return output;
}
