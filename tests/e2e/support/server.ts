import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import path from 'node:path';
import { fillFromTemplate, newDataDir } from './data-dir';
import { stopProcess } from '../../../scripts/stop-process';

export type RunningServer = { url: string; port: number; dataDir: string; process: ChildProcess; output: () => string; stop(): Promise<void> };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

// The password follows the password rule (src/shared/validation/password-rules.ts): not common, not the email's name.
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e-staff-passphrase' };

/** What every test server is started with, as a process or inside the worker (app-server.ts). */
export function testServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    // Logins at a test-only password cost (decision 0322); a test of the production cost passes TEST_PASSWORD_COST: ''.
    NODE_ENV: 'test',
    TEST_PASSWORD_COST: 'low',
    // A test server lives minutes: its embedded database's daily backup (the default) would only add load. The backup
    // tests ask for it.
    BACKUP_EVERY: 'off',
  };
}

/**
 * Starts the built server (dist/server.js, as `npm start` runs it) on a free port with its own
 * embedded database, and waits until /api/health answers.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // A test may choose the port: something must know the server's address before it starts (a webhook sender), or a
  // restarted server must come back where its clients expect it.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  // From a copy of the run's migrated data folder: no initdb, no migrations at start (data-dir-template.ts).
  // On a PostgreSQL server the folder holds only photos: no copy.
  const dataDir = env.DATA_DIR ?? (env.DATABASE_URL ? mkdtempSync(path.join(tmpdir(), 'hatch-e2e-')) : newDataDir());
  if (env.DATA_DIR && !env.DATABASE_URL) {
    if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true });
    fillFromTemplate(dataDir);
  }
  let output = '';
  // HATCH_DIST lets several developers build and run browser tests side by side.
  const bundle = path.join(process.env.HATCH_DIST ?? 'dist', 'server.js');
  const child = spawn(process.execPath, [bundle], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      ...testServerEnv(port, dataDir),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  // Generous: a busy machine (several suites at once) can take a while to start the server.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) {
      // Two workers start servers at once: the free port found may be taken before this server binds it. Try another.
      if (!env.PORT && output.includes('EADDRINUSE')) {
        if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
        return startServer(env);
      }
      throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    }
    try {
      // Only this server's own line counts: another worker's server could answer on a port this one failed to bind.
      const res = output.includes(`:${port}`) ? await fetch(`${url}/api/health`) : undefined;
      if (res?.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      await stopProcess(child);
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
