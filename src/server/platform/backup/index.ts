export { BackupError } from './backup-error';
export { writeBackup, formatBytes, type BackupSources, type WrittenBackup } from './write-backup';
export { restoreBackup, type RestoreOptions } from './restore-backup';
export type { BackupManifest } from './backup-manifest';
