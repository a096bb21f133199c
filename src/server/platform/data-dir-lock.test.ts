import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimDataDir, dataDirHolder, DataDirInUse } from './data-dir-lock';

/** The claim on an embedded data folder (decision 0521), between this process and real other ones. */
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hatch-claim-unit-'));
  dirs.push(dir);
  return dir;
};

/** A node process that claims `dir` and stays alive until killed; resolves once its claim is written. */
async function otherHolder(dir: string): Promise<ChildProcess> {
  const script = `import(${JSON.stringify(path.resolve('src/server/platform/data-dir-lock.ts'))}).then((m) => { m.claimDataDir(${JSON.stringify(dir)}); process.stdout.write('held'); setInterval(() => {}, 1000); });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`holder exited ${code}`)));
  });
  return child;
}

describe('claimDataDir', () => {
  it('refuses a folder a live process holds, naming its pid and start time', async () => {
    const dir = folder();
    const holder = await otherHolder(dir);
    expect(dataDirHolder(dir)?.pid).toBe(holder.pid);
    let refused: unknown;
    try {
      claimDataDir(dir);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DataDirInUse);
    expect(String(refused)).toMatch(new RegExp(`DATA_DIR ${dir} is in use by process ${holder.pid} \\(started \\d{4}-`));
  });

  it('takes over a claim whose process has ended, and releases only its own', async () => {
    const dir = folder();
    const ended = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => ended.once('exit', resolve));
    // An older version's mark: the pid alone.
    writeFileSync(path.join(dir, 'hatch.pid'), `${ended.pid}\n`);
    expect(dataDirHolder(dir)).toBeNull();
    const release = claimDataDir(dir, new Date('2026-11-28T03:00:00Z'));
    expect(JSON.parse(readFileSync(path.join(dir, 'hatch.pid'), 'utf8'))).toMatchObject({ pid: process.pid, startedAt: '2026-11-28T03:00:00.000Z' });
    // Only this claim's file is left: no draft or takeover mark.
    expect(existsSync(path.join(dir, 'hatch.pid.takeover'))).toBe(false);
    release();
    expect(existsSync(path.join(dir, 'hatch.pid'))).toBe(false);
  });

  it('gives a folder to exactly one of several processes claiming it at once', async () => {
    const dir = folder();
    const script = `import(${JSON.stringify(path.resolve('src/server/platform/data-dir-lock.ts'))}).then((m) => { try { m.claimDataDir(${JSON.stringify(dir)}); process.stdout.write('won'); setTimeout(() => {}, 5000); } catch (e) { process.stdout.write(e.name); process.exit(0); } });`;
    const outcomes = await Promise.all(
      [1, 2, 3, 4].map(
        () =>
          new Promise<string>((resolve) => {
            const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
            children.push(child);
            child.stdout?.once('data', (d: Buffer) => resolve(d.toString()));
          }),
      ),
    );
    expect(outcomes.sort()).toEqual(['DataDirInUse', 'DataDirInUse', 'DataDirInUse', 'won']);
  });
});
