import { existsSync } from 'node:fs';
import path from 'node:path';
import { backupSchedule, ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db/client';
import { claimDataDir, DataDirInUse } from './platform/data-dir-lock';
import { createMediaStorage } from './platform/storage';
import { BackupError, writeBackup } from './platform/backup';
import { runCli } from './cli-run';

/**
 * `npm run backup -- FILE`: one archive of the database and media the environment names (DATABASE_URL or DATA_DIR,
 * and the photo storage), as the server reads them. On PostgreSQL it runs beside live servers (one snapshot); the
 * embedded database can be open in one process only, so a running server's folder is refused: that server makes its
 * own backups (BACKUP_EVERY, decision 0361).
 */
function scheduled(config: Parameters<typeof backupSchedule>[0]): string {
  const schedule = backupSchedule(config);
  return schedule ? `It backs itself up into ${path.resolve(schedule.dir)} (BACKUP_EVERY).` : 'Its scheduled backups are off (BACKUP_EVERY=off).';
}

runCli(async (args) => {
  const file = args.find((a) => !a.startsWith('-'));
  if (!file || args.length !== 1) throw new BackupError('Usage: npm run backup -- FILE   (for example backups/hatch-2026-11-27.tar.gz)');
  const config = loadConfig();
  let release: () => void = () => undefined;
  if (!config.DATABASE_URL) {
    if (!existsSync(path.join(config.DATA_DIR, 'PG_VERSION')))
      throw new BackupError(`There is no database in ${path.resolve(config.DATA_DIR)} (DATA_DIR): nothing to back up.`);
    try {
      release = claimDataDir(config.DATA_DIR);
    } catch (error) {
      if (!(error instanceof DataDirInUse)) throw error;
      throw new BackupError(
        `A hatch server (pid ${error.holder.pid}, started ${error.holder.startedAt}) has the embedded database in ${config.DATA_DIR} open, and only one process may. ${scheduled(config)} To take one now, stop the server and run this again.`,
      );
    }
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
  const media = createMediaStorage(config);
  try {
    await writeBackup({ database, media }, file, (line) => process.stdout.write(`${line}\n`));
  } finally {
    media.close();
    await database.close();
    release();
  }
}, ConfigError);
