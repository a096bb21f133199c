import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Counter, CounterConfiguration, Gauge, GaugeConfiguration } from 'prom-client';
import { writeBackup, type BackupSources } from './write-backup';

/** What the metrics registry offers (platform/metrics.ts); named here so this module needs only prom-client's types. */
export type BackupMetricsSink = {
  counter<L extends string>(config: CounterConfiguration<L>): Counter<L>;
  gauge<L extends string>(config: GaugeConfiguration<L>): Gauge<L>;
};

export type BackupLog = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export type ScheduledBackupOptions = {
  sources: BackupSources;
  dir: string;
  everyMs: number;
  keep: number;
  log: BackupLog;
  /** The clock (ms): tests move it instead of waiting a day. */
  now?: () => number;
  metrics?: BackupMetricsSink;
};

export type BackupStats = { lastSuccessAt: number | null; failures: number; lastFailureAt: number | null };

/** How often the scheduler asks whether a backup is due: the check is one directory listing. */
export const BACKUP_CHECK_MS = 60_000;
/** After a failure the next attempt waits this long (or the interval, if shorter), not a minute. */
const RETRY_AFTER_FAILURE_MS = 15 * 60_000;

const NAME = /^hatch-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar\.gz$/;

/** `hatch-backup-2026-11-27T03-00-00Z.tar.gz`: sorts by time, and names the time it was taken (by the clock). */
export function backupFileName(at: number): string {
  return `hatch-backup-${new Date(at).toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar.gz`;
}

function takenAt(name: string): number | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const at = Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`);
  return Number.isNaN(at) ? null : at;
}

/** The scheduled backups in `dir`, newest first; other files there are not ours and are left alone. */
async function existingBackups(dir: string): Promise<Array<{ name: string; at: number }>> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return [];
    throw error;
  }
  return names
    .flatMap((name) => {
      const at = takenAt(name);
      return at === null ? [] : [{ name, at }];
    })
    .sort((a, b) => b.at - a.at);
}

/**
 * The server's own backups (decision 0361): every minute the scheduler asks whether the newest archive in `dir` is
 * older than `everyMs`; if so one is written (write-backup.ts, without stopping the server) and the oldest beyond
 * `keep` are deleted. Going by the files, not by a timer, means a server restarted every few hours still backs up
 * once a day. A failure is logged and counted, and retried after 15 minutes.
 */
export function scheduledBackups(options: ScheduledBackupOptions) {
  const now = options.now ?? Date.now;
  const stats: BackupStats = { lastSuccessAt: null, failures: 0, lastFailureAt: null };
  let seenExisting = false;
  const failures = options.metrics?.counter({ name: 'hatch_backup_failures_total', help: 'Scheduled backups that failed since the process started' });
  options.metrics?.gauge({
    name: 'hatch_backup_last_success_timestamp_seconds',
    help: 'When the newest scheduled backup was written (Unix time; 0 if none is known)',
    collect() {
      this.set(stats.lastSuccessAt === null ? 0 : stats.lastSuccessAt / 1000);
    },
  });

  async function runDue(): Promise<'written' | 'not due' | 'failed'> {
    const at = now();
    const existing = await existingBackups(options.dir).catch(() => []);
    const newest = existing[0]?.at ?? null;
    if (!seenExisting) {
      seenExisting = true;
      stats.lastSuccessAt = newest;
    }
    if (newest !== null && at - newest < options.everyMs) return 'not due';
    if (stats.lastFailureAt !== null && at - stats.lastFailureAt < Math.min(options.everyMs, RETRY_AFTER_FAILURE_MS)) return 'not due';
    const file = path.join(options.dir, backupFileName(at));
    await removeLeftovers();
    try {
      const written = await writeBackup(options.sources, file, undefined, new Date(at));
      stats.lastSuccessAt = at;
      stats.lastFailureAt = null;
      options.log.info({ file, bytes: written.bytes, tables: written.manifest.tables.length, media: written.manifest.media.length }, 'backup written');
    } catch (error) {
      stats.failures += 1;
      stats.lastFailureAt = at;
      failures?.inc();
      options.log.error({ err: error, dir: options.dir }, 'scheduled backup failed');
      return 'failed';
    }
    await prune();
    return 'written';
  }

  /** A run cut off (the process killed mid-backup) leaves its work folder and partial archive: the next run clears them. */
  async function removeLeftovers(): Promise<void> {
    const names = await readdir(options.dir).catch(() => []);
    for (const name of names.filter((n) => n.startsWith('.hatch-backup-'))) await rm(path.join(options.dir, name), { recursive: true, force: true });
  }

  async function prune(): Promise<void> {
    for (const old of (await existingBackups(options.dir)).slice(options.keep)) {
      await rm(path.join(options.dir, old.name), { force: true }).catch((error: unknown) =>
        options.log.error({ err: error, file: old.name }, 'old backup not deleted'),
      );
    }
  }

  return {
    runDue,
    stats: (): BackupStats => ({ ...stats }),
    job: { name: 'backups', everyMs: BACKUP_CHECK_MS, firstAfterMs: BACKUP_CHECK_MS, run: runDue },
  };
}
