import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { BrowserContext } from 'playwright-core';
import { loadConfig } from '../../../src/server/platform/config';
import type { Database, Db } from '../../../src/server/platform/db/client';
import { sessions, users } from '../../../src/server/domains/identity/tables/users';
import { sha256 } from '../../../src/server/platform/crypto';
import { SESSION_ABSOLUTE_MS } from '../../../src/server/domains/identity/sessions';
import { newSignedInToken } from '../../../src/server/domains/identity/session-plugin';
import { serve, type Serving } from '../../../src/server/serve';
import { openTestDatabase } from '../../support/test-database';
import { E2E_ADMIN, freePort, testServerEnv } from './server';

export type AppServer = {
  url: string;
  port: number;
  /** The server's own database, open while it runs: tests write rows into it and read what the screens did. */
  db: Db;
  database: Database;
  /** Photos and other files of this server. */
  dataDir: string;
  /** What the server logged at warn and above. */
  output(): string;
  stop(): Promise<void>;
};

/**
 * The product as `npm start` runs it (src/server/serve.ts: the app, the first admin, the mail queue, the periodic
 * jobs), inside the test worker on a fresh database copied from the run's migrated, seeded snapshot: a second or so to
 * start, no process to spawn, and the test seeds and reads the very database the server uses (docs/TESTING.md,
 * decision 0322). The built SPA (dist/web) is served as in production. A test that kills the server uses
 * `startServer()` (a process) instead.
 */
export async function startAppServer(options: { env?: Record<string, string>; seed?: (db: Db) => Promise<unknown> } = {}): Promise<AppServer> {
  const env = options.env ?? {};
  const database = await openTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hatch-e2e-files-'));
  let output = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      output += chunk.toString();
      done();
    },
  });
  try {
    await options.seed?.(database.db);
    const serving = await listen(database, dataDir, env, stream);
    const port = Number(new URL(serving.address).port);
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      db: database.db,
      database,
      dataDir,
      output: () => output,
      async stop() {
        await serving.close();
        await database.release();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database.release();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

async function listen(database: Database, dataDir: string, env: Record<string, string>, stream: Writable, attempt = 0): Promise<Serving> {
  // Links in mails carry the port, so it is chosen before the server starts (as a deployment's PORT is).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const config = loadConfig({ ...testServerEnv(port, dataDir), ...env });
  try {
    return await serve({ config, database, webRoot: path.resolve(process.env.HATCH_DIST ?? 'dist', 'web'), logger: { level: 'warn', stream } });
  } catch (error) {
    // The other worker may take the free port first.
    if (!env.PORT && attempt < 5 && error instanceof Error && 'code' in error && error.code === 'EADDRINUSE')
      return listen(database, dataDir, env, stream, attempt + 1);
    throw error;
  }
}

/** A signed-in session for that user, as the login route makes one, without the form: the cookie for a browser. */
export async function sessionFor(db: Db, email: string): Promise<string> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  if (!user) throw new Error(`no user ${email}`);
  const token = newSignedInToken();
  await db.insert(sessions).values({ id: sha256(token), userId: user.id, expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS) });
  return token;
}

/** Signs the context in as that user (the admin of E2E_ADMIN by default): what logging in leaves in a browser. */
export async function signIn(context: BrowserContext, server: Pick<AppServer, 'db' | 'url'>, email = E2E_ADMIN.email): Promise<void> {
  const token = await sessionFor(server.db, email);
  await context.addCookies([{ name: 'hatch_session', value: token, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
}
