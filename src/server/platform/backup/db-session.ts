import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { QueryResultRow } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Database } from '../db/client';

/**
 * One transaction on either driver, with what a backup needs beyond drizzle: plain queries and COPY to and from a
 * file in PostgreSQL's text format (a stream on a server; PGlite's `/dev/blob` in the embedded database).
 */
export type DbSession = {
  query<T extends QueryResultRow>(text: string, params?: unknown[]): Promise<T[]>;
  /** `copy` is `COPY "table" ("col", …)`: the rows go to `file`. */
  copyOut(copy: string, file: string): Promise<void>;
  copyIn(copy: string, file: string): Promise<void>;
};

/**
 * `snapshot`: REPEATABLE READ READ ONLY on a server, so every table is read as of one moment while writes go on.
 * The embedded database runs one transaction at a time, so there every transaction is a snapshot (requests wait
 * for it: the scheduled backup holds them for as long as the COPYs take).
 */
export async function inSession<T>(database: Database, mode: 'snapshot' | 'write', work: (session: DbSession) => Promise<T>): Promise<T> {
  const { raw } = database;
  if (raw.driver === 'pglite') {
    return raw.client.transaction((tx) =>
      work({
        query: async <R extends QueryResultRow>(text: string, params?: unknown[]) => (await tx.query<R>(text, params)).rows,
        copyOut: async (copy, file) => {
          const result = await tx.query(`${copy} TO '/dev/blob'`);
          await writeFile(file, result.blob ? Buffer.from(await result.blob.arrayBuffer()) : Buffer.alloc(0));
        },
        copyIn: async (copy, file) => {
          await tx.query(`${copy} FROM '/dev/blob'`, [], { blob: new Blob([await readFile(file)]) });
        },
      }),
    );
  }
  const client = await raw.pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(mode === 'snapshot' ? 'begin isolation level repeatable read read only' : 'begin');
    const answer = await work({
      query: async <R extends QueryResultRow>(text: string, params?: unknown[]) => (await client.query<R>(text, params)).rows,
      copyOut: (copy, file) => pipeline(client.query(copyTo(`${copy} TO STDOUT`)), createWriteStream(file)),
      copyIn: (copy, file) => pipeline(createReadStream(file), client.query(copyFrom(`${copy} FROM STDIN`))),
    });
    await client.query('commit');
    return answer;
  } catch (error) {
    await client.query('rollback').catch((rollbackError: unknown) => {
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw error;
  } finally {
    // A connection whose rollback failed (mid-COPY, or lost) is discarded, not put back in the pool.
    client.release(broken);
  }
}

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
