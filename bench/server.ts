import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stopProcess } from '../scripts/stop-process';

/**
 * The staff account the bench logs in with. The same as the browser tests' so that the kept 1 M database
 * (hatch_bench_1m) made by earlier runs still has it.
 */
export const BENCH_ADMIN = { email: 'admin@e2e.test', password: 'e2e-staff-passphrase' };

/** `output()`: what the server wrote so far (stdout and stderr), for the message of a failed section. */
export type BenchServer = { url: string; process: ChildProcess; output(): string; stop(): Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server ($HATCH_DIST/server.js, as `npm start` runs it) on a free loopback port and waits until
 * /api/health answers. Without DATABASE_URL it runs on an embedded database in a new data folder.
 */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'hatch-bench-'));
  let output = '';
  // BENCH_SERVER_PROFILE=<folder>: the server writes a V8 CPU profile there when it stops (where its time goes).
  const profile = process.env.BENCH_SERVER_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROFILE}`] : [];
  // BENCH_SERVER_NODE_OPTIONS: Node options for the servers only (an experiment, e.g. bench/minor-gc.cjs preloaded).
  const nodeOptions = process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {};
  const child = spawn(process.execPath, [...profile, path.join(process.env.HATCH_DIST ?? 'dist', 'server.js')], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      // The low login cost is refused outside NODE_ENV=test; logins are set-up here, not what is measured, and the
      // figures of docs/BENCHMARKS.md were taken with the server started this way.
      NODE_ENV: 'test',
      TEST_PASSWORD_COST: 'low',
      // Every simulated client comes from loopback (1,000 players' streams in the game section): no per-address cap,
      // and room for them all in the total (decision 0345).
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      MAX_CONNECTIONS: '20000',
      // The embedded database's daily backup would start a minute in and hold its requests while it reads: not measured.
      BACKUP_EVERY: 'off',
      ...nodeOptions,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    process: child,
    output: () => output,
    async stop() {
      await stopProcess(child);
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
