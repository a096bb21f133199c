import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Counter, Gauge, Registry } from 'prom-client';
import { sql } from 'drizzle-orm';
import { extract as extractTar } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupSchedule, loadConfig } from '../../src/server/platform/config';
import { scheduledBackups, type BackupMetricsSink } from '../../src/server/platform/backup/scheduled-backups';
import { manifestSchema } from '../../src/server/platform/backup/backup-manifest';
import { localMediaStorage } from '../../src/server/platform/storage/local-media-storage';
import { storePhoto } from '../../src/server/platform/storage';
import { createPaidBooking } from '../support/fixtures';
import { openTestDatabase, type TestDatabase } from '../support/test-database';
import { declaring } from '../support/photo-fixtures';

/**
 * The server's own backups (issue 30): due by the newest archive's time on the injected clock, kept BACKUP_KEEP deep,
 * a failure logged, counted in the metrics and retried later, and each archive a consistent copy of the tables.
 */
// A PNG whose header says its size: the storage refuses a photo whose size cannot be read (issue 36).
const PNG = Uint8Array.from(declaring('png', 40, 30));
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let database: TestDatabase;
let root: string;
beforeAll(async () => {
  database = await openTestDatabase();
  root = await mkdtemp(path.join(tmpdir(), 'hatch-scheduled-backups-'));
});
afterAll(async () => {
  await database.release();
  await rm(root, { recursive: true, force: true });
});

function recordingLog() {
  const lines: Array<{ level: 'info' | 'error'; obj: object; msg: string }> = [];
  return {
    lines,
    info: (obj: object, msg: string) => lines.push({ level: 'info', obj, msg }),
    error: (obj: object, msg: string) => lines.push({ level: 'error', obj, msg }),
  };
}

function registrySink(registry: Registry): BackupMetricsSink {
  return {
    counter: (config) => new Counter({ ...config, registers: [registry] }),
    gauge: (config) => new Gauge({ ...config, registers: [registry] }),
  };
}

describe('scheduled backups', { tags: ['postgres'] }, () => {
  it('defaults: every 24 hours into DATA_DIR/backups, 14 kept, on the embedded database; off on PostgreSQL unless asked', () => {
    expect(backupSchedule(loadConfig({ DATA_DIR: '/srv/hatch' }))).toEqual({ dir: '/srv/hatch/backups', everyMs: DAY, keep: 14 });
    expect(backupSchedule(loadConfig({ DATABASE_URL: 'postgres://db/hatch' }))).toBeNull();
    expect(backupSchedule(loadConfig({ DATABASE_URL: 'postgres://db/hatch', BACKUP_EVERY: '6h', BACKUP_DIR: '/b', BACKUP_KEEP: '3' }))).toEqual({
      dir: '/b',
      everyMs: 6 * HOUR,
      keep: 3,
    });
    expect(backupSchedule(loadConfig({ BACKUP_EVERY: 'off' }))).toBeNull();
    expect(() => loadConfig({ BACKUP_EVERY: '10s' })).toThrow(/BACKUP_EVERY must be off, or a duration/);
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP must be at least 1/);
  });

  it('writes one when due by the clock, none before, keeps the newest BACKUP_KEEP, and survives a restart', async () => {
    const photos = localMediaStorage(path.join(root, 'photos'));
    const key = await storePhoto(photos, 7, PNG);
    const paid = await createPaidBooking(database.db, { players: 6 });
    const dir = path.join(root, 'backups');
    let clock = Date.parse('2026-03-01T02:00:00Z');
    const registry = new Registry();
    const log = recordingLog();
    const schedule = () =>
      scheduledBackups({ sources: { database, media: photos }, dir, everyMs: DAY, keep: 3, log, now: () => clock, metrics: registrySink(new Registry()) });
    const backups = scheduledBackups({
      sources: { database, media: photos },
      dir,
      everyMs: DAY,
      keep: 3,
      log,
      now: () => clock,
      metrics: registrySink(registry),
    });

    // What a backup cut off by a kill leaves behind goes with the next run.
    await mkdir(path.join(dir, '.hatch-backup-AbC123'), { recursive: true });
    await writeFile(path.join(dir, '.hatch-backup-AbC123.tar.gz'), 'partial');
    expect(await backups.runDue()).toBe('written');
    const first = path.join(dir, 'hatch-backup-2026-03-01T02-00-00Z.tar.gz');
    // Owner only: it holds password hashes, tokens and the app's secrets.
    expect((await stat(first)).mode & 0o777).toBe(0o600);
    expect(log.lines.at(-1)).toMatchObject({ level: 'info', msg: 'backup written' });
    expect(await registry.getSingleMetricAsString('hatch_backup_last_success_timestamp_seconds')).toContain(
      `hatch_backup_last_success_timestamp_seconds ${clock / 1000}`,
    );

    // The archive: a manifest whose counts are the tables' own, and the photo.
    const out = await mkdtemp(path.join(root, 'out-'));
    await extractTar({ file: first, cwd: out });
    const manifest = manifestSchema.parse(JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8')));
    const bookings = manifest.tables.find((t) => t.name === 'bookings');
    const counted = await database.db.execute<{ n: string }>(sql`select count(*)::text as n from bookings`);
    expect(String(bookings?.rows)).toBe(countOf(counted));
    expect(bookings?.rows).toBeGreaterThan(0);
    expect(await readFile(path.join(out, 'db', 'bookings.copy'), 'utf8')).toContain(paid.booking.tempCode);
    expect(manifest.media).toEqual([{ key, file: `media/${key}` }]);
    expect(new Uint8Array(await readFile(path.join(out, 'media', key)))).toEqual(PNG);

    clock += 23 * HOUR;
    expect(await backups.runDue()).toBe('not due');
    for (let day = 1; day <= 4; day++) {
      clock += DAY;
      expect(await backups.runDue()).toBe('written');
    }
    const kept = (await readdir(dir)).sort();
    expect(kept).toEqual(['hatch-backup-2026-03-04T01-00-00Z.tar.gz', 'hatch-backup-2026-03-05T01-00-00Z.tar.gz', 'hatch-backup-2026-03-06T01-00-00Z.tar.gz']);

    // A restarted server goes by the newest archive: nothing is due an hour later, and its last success is known.
    clock += HOUR;
    const restarted = schedule();
    expect(await restarted.runDue()).toBe('not due');
    expect(restarted.stats().lastSuccessAt).toBe(Date.parse('2026-03-06T01:00:00Z'));
  });

  it('logs and counts a failed backup, keeps serving, and tries again 15 minutes later', async () => {
    const photos = localMediaStorage(path.join(root, 'photos'));
    // BACKUP_DIR under a file: no folder can be made there.
    const blocker = path.join(root, 'not-a-folder');
    await writeFile(blocker, 'x');
    let clock = Date.parse('2026-03-01T02:00:00Z');
    const registry = new Registry();
    const log = recordingLog();
    const backups = scheduledBackups({
      sources: { database, media: photos },
      dir: path.join(blocker, 'backups'),
      everyMs: DAY,
      keep: 3,
      log,
      now: () => clock,
      metrics: registrySink(registry),
    });

    expect(await backups.runDue()).toBe('failed');
    expect(log.lines.at(-1)).toMatchObject({ level: 'error', msg: 'scheduled backup failed' });
    expect(await registry.getSingleMetricAsString('hatch_backup_failures_total')).toContain('hatch_backup_failures_total 1');
    expect(await registry.getSingleMetricAsString('hatch_backup_last_success_timestamp_seconds')).toContain('hatch_backup_last_success_timestamp_seconds 0');
    clock += 10 * 60_000;
    expect(await backups.runDue()).toBe('not due');
    clock += 5 * 60_000;
    expect(await backups.runDue()).toBe('failed');
    expect(backups.stats().failures).toBe(2);
    // The database was left usable: the failed runs held no lock and no transaction.
    const counted = await database.db.execute<{ n: string }>(sql`select count(*)::text as n from bookings`);
    expect(Number(countOf(counted))).toBeGreaterThan(0);
  });
});

/** The one text value of a one-row answer, from either driver. */
function countOf(result: unknown): string {
  const rows = result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows) ? result.rows : [];
  const first: unknown = rows[0];
  return first && typeof first === 'object' && 'n' in first ? String(first.n) : '';
}
