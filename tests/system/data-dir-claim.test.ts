import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer, testServerEnv, type RunningServer } from '../e2e/support/server';
import { newDataDir } from '../e2e/support/data-dir';
import { openClient } from '../../scripts/http-client';
import { bookingBody } from '../../scripts/booking-body';
import { openDatabase } from '../../src/server/platform/db/client';
import { bookings } from '../../src/server/domains/booking/tables/bookings';

/**
 * Issue 36 (game day 3, High): two server processes on one embedded DATA_DIR both started (the shipped systemd unit
 * with two instances and no DATABASE_URL did exactly this), and the bookings one confirmed were lost when the other
 * restarted. The second must refuse to start, naming the holder (decision 0521); the first keeps serving and keeps
 * its bookings. The built server (dist/server.js) as processes: `npm run build:server` first.
 */
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** Runs the server on `dataDir` until it exits by itself (or 60 s pass): its exit code and its output. */
async function runUntilExit(dataDir: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [path.join(process.env.HATCH_DIST ?? 'dist', 'server.js')], {
    env: { ...process.env, DATABASE_URL: '', ...testServerEnv(await freePort(), dataDir) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  return { code, output };
}

async function book(server: RunningServer): Promise<string> {
  const body = bookingBody({ players: 6 });
  const res = await (await openClient(server.url)).json('POST', '/api/bookings', body);
  expect(res.status).toBe(201);
  return body.email;
}

describe('one embedded data folder, one server process', () => {
  it('refuses a second server on a folder another one holds, naming it, and the first keeps serving and keeps its bookings', async () => {
    const dataDir = newDataDir('hatch-claim-');
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const first = await startServer({ DATA_DIR: dataDir });
    cleanups.push(() => first.stop());
    const emails = [await book(first)];

    const second = await runUntilExit(dataDir);
    // 78 (EX_CONFIG): the shipped systemd unit does not restart it (RestartPreventExitStatus).
    expect(second.code).toBe(78);
    expect(second.output).toMatch(
      new RegExp(`DATA_DIR ${dataDir} is in use by process ${first.process.pid} \\(started \\d{4}-\\d\\d-\\d\\dT[^)]*\\).*DATABASE_URL`, 's'),
    );

    // The first still answers and still takes bookings; all of them are in the folder once it has stopped.
    expect((await fetch(`${first.url}/api/pricing`)).status).toBe(200);
    emails.push(await book(first));
    await first.stop();
    const database = await openDatabase({ dataDir });
    try {
      const stored = await database.db.select({ email: bookings.email }).from(bookings).where(inArray(bookings.email, emails));
      expect(stored.map((b) => b.email).sort()).toEqual([...emails].sort());
    } finally {
      await database.close();
    }
  });

  it('takes over the claim a killed process left behind', async () => {
    const dataDir = newDataDir('hatch-claim-stale-');
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    // A claim naming a process that has ended (as a server killed with SIGKILL leaves it).
    const ended = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => ended.once('exit', resolve));
    writeFileSync(path.join(dataDir, 'hatch.pid'), `${ended.pid}\n`);
    const server = await startServer({ DATA_DIR: dataDir });
    cleanups.push(() => server.stop());
    expect((await fetch(`${server.url}/api/pricing`)).status).toBe(200);
  });
});
