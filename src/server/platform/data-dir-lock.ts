import { randomUUID } from 'node:crypto';
import { linkSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * The embedded database may be open in one process only: two corrupt it, or (issue 36) each keeps its own view and the
 * bookings one confirmed are gone when the other restarts. PGlite leaves no mark another process can read (its
 * postmaster.pid names no real process), so whoever opens DATA_DIR first claims it with `hatch.pid` (decision 0521):
 *
 * - The claim is atomic: the whole record is written to a file of its own and hard-linked to `hatch.pid`, which fails
 *   if the name exists. Of two processes starting at once exactly one gets it, and nobody ever reads a half-written one.
 * - A claim names a live holder when its host is this one, its pid runs, its boot is this boot and that pid's process
 *   started when the holder's did (a pid reused by another process, or a claim from before a reboot, is stale). A
 *   claim from another host cannot be checked and counts as live: the operator removes it (the message says how).
 * - A stale claim is taken over under `hatch.pid.takeover` (claimed the same way), so two processes finding one stale
 *   claim do not both take it.
 * - Released only by its own holder (its token), on a clean exit; a killed process leaves a stale claim behind.
 */
const PID_FILE = 'hatch.pid';
const TAKEOVER_FILE = 'hatch.pid.takeover';
/** A takeover mark older than this was left by a process killed mid-takeover (which takes microseconds). */
const TAKEOVER_STALE_MS = 10_000;

export type DataDirClaim = { pid: number; startedAt: string; host: string; boot: string | null; procStart: string | null; token: string };

/** DATA_DIR is held by another live process: the message names it and what to do. */
export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirClaim,
  ) {
    const where = holder.host === hostname() ? '' : ` on host ${holder.host}`;
    super(
      `DATA_DIR ${path.resolve(dataDir)} is in use by process ${holder.pid}${where} (started ${holder.startedAt}): the embedded database may be ` +
        `open in one process only. Stop that process first, give this one another DATA_DIR, or run several processes on ` +
        `PostgreSQL (DATABASE_URL). If that process no longer runs, delete ${path.join(path.resolve(dataDir), PID_FILE)}.`,
    );
    this.name = 'DataDirInUse';
  }
}

/**
 * Claims the folder for this process, or throws DataDirInUse naming the live holder. The answer releases the claim
 * (if it is still this process's).
 */
export function claimDataDir(dataDir: string, now: Date = new Date()): () => void {
  const file = path.join(dataDir, PID_FILE);
  const mine = ownClaim(now);
  if (!createExclusive(file, mine)) {
    const holder = readClaim(file);
    if (holder && isLive(holder)) throw new DataDirInUse(dataDir, holder);
    takeOver(dataDir, file, mine, now);
  }
  return () => {
    if (readClaim(file)?.token === mine.token) rmSync(file, { force: true });
  };
}

/** Where the claim is kept: a restore that empties the folder leaves it. */
export const dataDirClaimFile = (dataDir: string) => path.join(dataDir, PID_FILE);

/** The live process holding the folder, or null (no claim, a stale one, or this process's). */
export function dataDirHolder(dataDir: string): DataDirClaim | null {
  const holder = readClaim(path.join(dataDir, PID_FILE));
  return holder && isLive(holder) ? holder : null;
}

/** Replaces a stale claim with ours, one process at a time. */
function takeOver(dataDir: string, file: string, mine: DataDirClaim, now: Date): void {
  const mark = path.join(dataDir, TAKEOVER_FILE);
  if (!createExclusive(mark, mine)) {
    const other = readClaim(mark);
    // Another process is taking the claim over right now: it is the holder.
    if (other && isLive(other) && now.getTime() - modifiedAt(mark) < TAKEOVER_STALE_MS) throw new DataDirInUse(dataDir, other);
    rmSync(mark, { force: true });
    if (!createExclusive(mark, mine)) throw new DataDirInUse(dataDir, readClaim(mark) ?? mine);
  }
  try {
    // Read again under the mark: the claim may have changed hands since it was found stale.
    const holder = readClaim(file);
    if (holder && isLive(holder)) throw new DataDirInUse(dataDir, holder);
    rmSync(file, { force: true });
    if (!createExclusive(file, mine)) throw new DataDirInUse(dataDir, readClaim(file) ?? mine);
  } finally {
    if (readClaim(mark)?.token === mine.token) rmSync(mark, { force: true });
  }
}

/** Writes the claim under `file` only if nothing is there: a whole file, hard-linked into place (atomic). */
function createExclusive(file: string, claim: DataDirClaim): boolean {
  const draft = `${file}.${claim.token}`;
  writeFileSync(draft, `${JSON.stringify(claim)}\n`, { mode: 0o644 });
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

function ownClaim(now: Date): DataDirClaim {
  return { pid: process.pid, startedAt: now.toISOString(), host: hostname(), boot: bootId(), procStart: processStart(process.pid), token: randomUUID() };
}

function isLive(claim: DataDirClaim): boolean {
  if (claim.host !== hostname()) return true;
  // This process's own pid: an earlier claim of this process, or one left by a process that had this pid before.
  if (claim.pid === process.pid) return false;
  if (claim.boot !== null && bootId() !== null && claim.boot !== bootId()) return false;
  try {
    process.kill(claim.pid, 0);
  } catch (error) {
    // EPERM: it lives, under another user.
    if (errorCode(error) !== 'EPERM') return false;
  }
  // The pid runs; is it still the holder, or a process that got its number since?
  const started = processStart(claim.pid);
  return claim.procStart === null || started === null || started === claim.procStart;
}

function readClaim(file: string): DataDirClaim | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
  // The mark of older versions: the pid alone.
  if (/^\d+$/.test(text)) return { pid: Number(text), startedAt: 'at an unknown time', host: hostname(), boot: null, procStart: null, token: '' };
  try {
    const parsed: unknown = JSON.parse(text);
    return isClaim(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function isClaim(value: unknown): value is DataDirClaim {
  if (typeof value !== 'object' || value === null) return false;
  const v: Record<string, unknown> = { ...value };
  const textOrNull = (x: unknown) => x === null || typeof x === 'string';
  return (
    Number.isInteger(v.pid) &&
    typeof v.startedAt === 'string' &&
    typeof v.host === 'string' &&
    textOrNull(v.boot) &&
    textOrNull(v.procStart) &&
    typeof v.token === 'string'
  );
}

/** This boot of the machine (Linux), or null where the system does not say. */
function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

/** When a process started, in clock ticks since boot (Linux /proc/<pid>/stat, field 22), or null. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function modifiedAt(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function errorCode(error: unknown): unknown {
  return error instanceof Error && 'code' in error ? error.code : undefined;
}
