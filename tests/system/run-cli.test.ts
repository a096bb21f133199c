import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run backup` and `npm run restore` run the command the last build bundled while no source changed since, and the
 * TypeScript source through tsx otherwise (scripts/run-cli.mjs, decision 0695). Here the "bundle" is a stand-in that
 * prints its arguments, in a dist folder of the test's own (HATCH_DIST).
 */
const scratch = mkdtempSync(path.join(tmpdir(), 'hatch-run-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/run-cli.mjs', ...args],
      { env: { ...process.env, DATABASE_URL: '', S3_BUCKET: '', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

function distWithBundle(name: string): string {
  const dist = mkdtempSync(path.join(scratch, 'dist-'));
  writeFileSync(path.join(dist, `${name}-cli.js`), 'process.stdout.write(JSON.stringify({ bundled: process.argv.slice(2) }));\n');
  return dist;
}

describe('npm run backup / restore (scripts/run-cli.mjs)', () => {
  it('runs the built command, with its own arguments, when the build is newer than every source', async () => {
    const ran = await runCli(['restore', 'backups/x.tar.gz', '--force'], { HATCH_DIST: distWithBundle('restore') });
    expect(ran).toEqual({ code: 0, stdout: JSON.stringify({ bundled: ['backups/x.tar.gz', '--force'] }), stderr: '' });
  });

  it('runs the TypeScript source instead when a source changed after the build (or there is none)', async () => {
    const stale = distWithBundle('backup');
    const longAgo = new Date('2020-01-01T00:00:00Z');
    utimesSync(path.join(stale, 'backup-cli.js'), longAgo, longAgo);
    const empty = mkdtempSync(path.join(scratch, 'data-'));
    for (const dist of [stale, mkdtempSync(path.join(scratch, 'no-build-'))]) {
      const ran = await runCli(['backup', path.join(scratch, 'x.tar.gz')], { HATCH_DIST: dist, DATA_DIR: empty });
      expect(ran.stdout).not.toContain('bundled');
      expect(ran.stderr).toBe(`There is no database in ${empty} (DATA_DIR): nothing to back up.\n`);
      expect(ran.code).toBe(1);
    }
  });

  it('names the commands it runs for anything else', async () => {
    expect(await runCli(['drop-everything'], {})).toEqual({ code: 2, stdout: '', stderr: 'Usage: node scripts/run-cli.mjs backup|restore [ARGS...]\n' });
  });
});
