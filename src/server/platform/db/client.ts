import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Readable } from 'node:stream';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATION_LOCK, migrationsFolder } from './migrate';

// No relational schema: every query names its tables, so the platform needs no list of the domains' tables.
export type Schema = Record<string, never>;
/** Both drivers share this type, so repositories never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies the SQL migrations that have not run yet (from another folder: a restore stops at its backup's). */
  migrate(folder?: string): Promise<void>;
  /** The driver's own client, for what drizzle does not do: COPY in and out of a backup (platform/backup). */
  raw: { driver: 'pglite'; client: PGlite } | { driver: 'postgres'; pool: pg.Pool };
  /**
   * PostgreSQL server only: streams `COPY (query) TO STDOUT` on a connection of its own, released when
   * the stream ends. Undefined on the embedded database, which has no COPY streaming.
   */
  copyOut?: (copyStatement: string) => Promise<Readable>;
  /** Embedded only: the whole data folder as one uncompressed tarball (the tests' migrated snapshot). */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * LISTENs on a channel for this process: on PGlite the embedded database's own listen, on a server one dedicated
   * connection that reconnects by itself (1 s → 10 s) and calls `onReconnect` once listening again, so the caller can
   * catch up on what it missed meanwhile.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /**
   * Runs `work` with a handle bound to one pooled connection until it ends (PostgreSQL server; on the embedded database
   * the one handle). The handle is the same object every time that connection is lent, so its transactions share one
   * session and the statements of `preparedPerSession` are built once per connection, not once per transaction
   * (decision 0600). For a hot path whose whole work is one transaction.
   */
  withConnection<T>(work: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export type ListenHandlers = {
  onMessage: (payload: string) => void;
  onReconnect?: () => void;
  onError?: (error: unknown) => void;
};

export type DatabaseOptions = {
  /** postgres://… for a server; unset for the embedded database. */
  url?: string | undefined;
  /** Folder for the embedded database; 'memory://' keeps it in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /**
   * Server only: how long a query waits for a free pooled connection before it fails (answered 503, db-errors.ts).
   * 5 s by default; a test that queues many writes behind one lock on a loaded machine may wait longer.
   */
  connectionWaitMs?: number;
  /** Embedded only: start from this dumped data folder (a migrated, seeded snapshot) instead of an empty one. */
  loadDataDir?: Blob;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new GuardedPool({ connectionString: options.url, max: options.poolSize ?? 10, connectionTimeoutMillis: options.connectionWaitMs ?? 5_000 });
    // An idle client that loses its server must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    const pgDb = drizzlePg(pool);
    const db: Db = pgDb;
    // One handle per pooled connection, made the first time it is lent: a connection the pool drops takes its handle along.
    const connectionHandles = new WeakMap<pg.PoolClient, Db>();
    return {
      db,
      driver: 'postgres',
      withConnection: async (work) => {
        const client = await pool.connect();
        try {
          let handle = connectionHandles.get(client);
          if (!handle) connectionHandles.set(client, (handle = drizzlePg(client)));
          return await work(handle);
        } finally {
          // Idempotent (guardCheckedOut): a connection lost meanwhile was already released with its error.
          client.release();
        }
      },
      raw: { driver: 'postgres', pool },
      migrate: async (folder) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(pgDb, { migrationsFolder: folder ?? migrationsFolder() });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
      listen: (channel, handlers) => listenPg(options.url ?? '', channel, handlers),
      copyOut: async (copyStatement) => {
        const client = await pool.connect();
        const stream = client.query(copyTo(copyStatement));
        let released = false;
        const release = (error?: Error) => {
          if (released) return;
          released = true;
          client.release(error);
        };
        stream.once('end', () => release());
        stream.once('error', (error) => release(error));
        // Closed before its end (the download was cancelled): the connection is mid-COPY, so discard it.
        stream.once('close', () => release(new Error('COPY stream closed early')));
        return stream;
      },
    };
  }
  const dataDir = options.dataDir ?? './data';
  if (!dataDir.startsWith('memory://')) mkdirSync(path.resolve(dataDir), { recursive: true });
  const client = await PGlite.create(dataDir.startsWith('memory://') ? undefined : path.resolve(dataDir), {
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const liteDb = drizzlePglite(client);
  const db: Db = liteDb;
  return {
    db,
    driver: 'pglite',
    raw: { driver: 'pglite', client },
    migrate: (folder) => migratePglite(liteDb, { migrationsFolder: folder ?? migrationsFolder() }),
    dumpDataDir: () => client.dumpDataDir('none'),
    withConnection: (work) => work(db),
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onMessage);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
}

/**
 * A pool whose checked-out clients can lose their server without taking the process down (issue 28). node-postgres
 * listens for 'error' only on idle clients; a checked-out one that is terminated between two statements of a
 * transaction (a failover, a restart, pg_terminate_backend) emits 'error' with no listener, which Node turns into an
 * uncaught exception. Here every checked-out client carries a listener: on 'error' or 'end' it is released with the
 * error at once, so the pool destroys it rather than lend it again, and its holder's next statement fails as a
 * connection error (503, db-errors.ts). Release is made idempotent, because the holder releases it too, later; and
 * a holder that never does (drizzle leaks the client when BEGIN itself fails) no longer keeps a slot of the pool.
 */
class GuardedPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    if (!callback) return super.connect().then(guardCheckedOut);
    super.connect((err, client) => {
      if (err || !client) return callback(err, undefined, () => undefined);
      const guarded = guardCheckedOut(client);
      callback(undefined, guarded, (release) => guarded.release(release instanceof Error || release === true ? release : undefined));
    });
  }
}

function guardCheckedOut(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const lost = (error?: Error) => {
    done(error ?? new Error('Connection terminated unexpectedly'));
  };
  const done = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('error', lost);
    client.removeListener('end', ended);
    release(error);
  };
  const ended = () => lost();
  client.on('error', lost);
  client.on('end', ended);
  client.release = done;
  return client;
}

/** One connection of its own that LISTENs; when it drops it is replaced, with growing pauses, until stopped. */
async function listenPg(url: string, channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let delay = 1_000;
  let timer: NodeJS.Timeout | undefined;
  const quoted = `"${channel.replaceAll('"', '""')}"`;
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true });
    client.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) handlers.onMessage(n.payload);
    });
    const lost = (error?: unknown) => {
      if (current !== client) return;
      current = null;
      if (error) handlers.onError?.(error);
      client.end().catch(() => undefined);
      schedule();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    await client.query(`LISTEN ${quoted}`);
    current = client;
    delay = 1_000;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      connect()
        .then(() => handlers.onReconnect?.())
        .catch((error: unknown) => {
          handlers.onError?.(error);
          delay = Math.min(delay * 2, 10_000);
          schedule();
        });
    }, delay);
    timer.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const client = current;
    current = null;
    if (client) await client.end().catch(() => undefined);
  };
}
