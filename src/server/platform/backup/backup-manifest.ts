import { z } from 'zod';

/**
 * What a backup archive holds (decision 0360): `manifest.json`, one COPY text file per table under `db/`, and every
 * photo under `media/` by its storage key. The manifest names the version and migrations that wrote it, each table's
 * columns and rows, the sequences' values, and the sha256 of every other file, so a restore can prove it has them all.
 */
export const BACKUP_FORMAT = 'hatch-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';

const fileEntry = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/), bytes: z.number().int().min(0) });

const archivePath = z
  .string()
  .regex(/^(db|media)\/[A-Za-z0-9._/-]+$/, 'a path inside the archive')
  .refine((p) => !p.split('/').includes('..'), 'a path inside the archive');

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  format_version: z.literal(BACKUP_FORMAT_VERSION),
  app_version: z.string(),
  created_at: z.string(),
  source: z.object({ driver: z.enum(['pglite', 'postgres']), media: z.enum(['local', 's3']) }),
  /** The migrations applied to the database it was taken from, oldest first (drizzle's journal `when` and hash). */
  migrations: z.array(z.object({ tag: z.string(), created_at: z.number(), hash: z.string() })),
  tables: z.array(
    z.object({
      name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
      columns: z.array(z.string().regex(/^[a-z_][a-z0-9_]*$/)).min(1),
      rows: z.number().int().min(0),
      file: archivePath,
    }),
  ),
  sequences: z.array(z.object({ name: z.string().regex(/^[a-z_][a-z0-9_]*$/), last_value: z.number().int().nullable() })),
  media: z.array(z.object({ key: z.string(), file: archivePath })),
  files: z.record(archivePath, fileEntry),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type TableDump = BackupManifest['tables'][number];
export type SequenceValue = BackupManifest['sequences'][number];
export type AppliedMigration = BackupManifest['migrations'][number];
