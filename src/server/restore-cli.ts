import { backupSchedule, ConfigError, loadConfig } from './platform/config';
import { BackupError, restoreBackup } from './platform/backup';
import { runCli } from './cli-run';

/**
 * `npm run restore -- FILE [--force]`: restores an archive of `npm run backup` (or of the scheduled backups) into the
 * install the environment names, which must be empty unless --force.
 */
runCli(async (args) => {
  const force = args.includes('--force');
  const rest = args.filter((a) => a !== '--force');
  const file = rest[0];
  if (!file || rest.length !== 1 || file.startsWith('-'))
    throw new BackupError('Usage: npm run restore -- FILE [--force]   (--force replaces a target that is not empty)');
  const config = loadConfig();
  await restoreBackup({
    file,
    config,
    force,
    keep: [backupSchedule(config)?.dir ?? `${config.DATA_DIR}/backups`],
    progress: (line) => process.stdout.write(`${line}\n`),
  });
}, ConfigError);
