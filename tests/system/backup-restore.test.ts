import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/platform/db/client';
import { E2E_ADMIN, startServer, type RunningServer } from '../e2e/support/server';
import { newDataDir, seedDataDir } from '../e2e/support/data-dir';
import { openClient, type HttpClient } from '../../scripts/http-client';
import { bookingBody } from '../../scripts/booking-body';
import { createBooking, createPaidBooking, startableSchedule } from '../support/fixtures';
import { databaseFingerprint } from '../support/db-fingerprint';
import { restoreBackup } from '../../src/server/platform/backup';
import { loadConfig } from '../../src/server/platform/config';
import { freshPostgresDatabase } from '../support/fresh-postgres-database';

/**
 * Issue 30, backup and restore as an operator runs them: `npm run backup` and `npm run restore` against the install
 * the environment names, around the built server (dist/server.js). Bookings, payments and a live game with photos are
 * made; the archive is restored into an empty folder (and, tagged postgres, into an empty PostgreSQL database and back
 * out of it); every table's rows and every photo's bytes are the same, and a server on the restore serves the same
 * booking by code and the same photo to the same player token. Build first: `npm run build`.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const scratch = mkdtempSync(path.join(tmpdir(), 'hatch-backup-test-'));
cleanups.push(async () => rmSync(scratch, { recursive: true, force: true }));
const emptyFolder = (name: string) => mkdtempSync(path.join(scratch, `${name}-`));

type Run = { code: number; stdout: string; stderr: string };
/** `npm run <script> -- args` with the install named by `env` only (nothing of this shell's database settings). */
function npmRun(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '-s', script, '--', ...args],
      { env: { ...process.env, DATABASE_URL: '', S3_BUCKET: '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** Every table's count and md5 of its rows (db-fingerprint.ts), read with UTC timestamps so both drivers print alike. */
async function fingerprint(target: { dataDir: string } | { url: string }): Promise<Record<string, string>> {
  const database = await openDatabase('url' in target ? { url: target.url, poolSize: 1 } : { dataDir: target.dataDir });
  try {
    await database.db.execute(sql`set time zone 'UTC'`);
    return await databaseFingerprint(database.db);
  } finally {
    await database.close();
  }
}

/** sha256 of every photo under DATA_DIR/photos, by its path there. */
function mediaSums(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, 'photos');
  const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return Object.fromEntries(
    files.map((e) => {
      const file = path.join(e.parentPath, e.name);
      return [path.relative(root, file), createHash('sha256').update(readFileSync(file)).digest('hex')];
    }),
  );
}

const icon = (size: 192 | 512) => readFileSync(path.join('src/web/public/icons', `icon-${size}.png`));

async function uploadPhoto(
  player: HttpClient,
  baseUrl: string,
  code: string,
  token: string,
  challengeId: number,
  bytes: Buffer,
): Promise<{ id: number; media_url: string }> {
  const res = await fetch(`${baseUrl}/api/play/${code}/submissions/photo?challenge_id=${challengeId}`, {
    method: 'POST',
    headers: { cookie: player.cookie, 'x-csrf-token': player.csrf, 'x-player-token': token, 'content-type': 'image/png' },
    body: new Uint8Array(bytes),
  });
  const body = await res.text();
  expect(res.status, body).toBe(201);
  return z.object({ submission: z.object({ id: z.number(), media_url: z.string() }) }).parse(JSON.parse(body)).submission;
}

/** What was made on the first install, to find again on each restore. */
const made: {
  archive: string;
  fingerprint: Record<string, string>;
  media: Record<string, string>;
  gameCode: string;
  playerToken: string;
  photoUrl: string;
  photo: Buffer;
  bookingByCode: string;
  bookerCode: string;
} = {
  archive: path.join(scratch, 'archives', 'hatch.tar.gz'),
  fingerprint: {},
  media: {},
  gameCode: '',
  playerToken: '',
  photoUrl: '',
  photo: Buffer.alloc(0),
  bookingByCode: '',
  bookerCode: '',
};

async function servesTheSame(server: RunningServer): Promise<void> {
  const visitor = await openClient(server.url);
  const byCode = await visitor.request('GET', `/api/booking/${made.gameCode}`);
  expect(byCode.status).toBe(200);
  expect(JSON.parse(byCode.body)).toEqual(JSON.parse(made.bookingByCode));
  expect((await visitor.request('GET', `/api/booking/${made.bookerCode}`)).status).toBe(200);
  const photo = await fetch(`${server.url}${made.photoUrl}`, { headers: { 'x-player-token': made.playerToken } });
  expect(photo.status).toBe(200);
  expect(Buffer.from(await photo.arrayBuffer()).equals(made.photo)).toBe(true);
}

/**
 * The first install, made once per run by whichever case needs it first: bookings, payments and a live game with
 * photos on the embedded database, then `npm run backup` (refused while the server holds the folder, then written).
 * The embedded case restores it into folders; the PostgreSQL case, in the PostgreSQL pass, into a PostgreSQL database
 * (that pass runs only the tests tagged postgres: it makes the archive again, but not the embedded restores).
 */
let installBackedUp: Promise<string> | undefined;
const backedUpInstall = () => (installBackedUp ??= backUpAnInstall());

/** The source folder, stopped and backed up into made.archive. */
async function backUpAnInstall(): Promise<string> {
  const source = newDataDir('hatch-backup-source-');
  cleanups.push(async () => rmSync(source, { recursive: true, force: true }));
  // Paid bookings (the payments ledger) and an unpaid one, written before the server holds the folder.
  const seeded = await seedDataDir(source, async (db) => {
    const paid = await createPaidBooking(db, { players: 6, ...startableSchedule() });
    await createPaidBooking(db, { players: 10 }, 30_000);
    await createBooking(db, { players: 4 });
    return paid;
  });
  const a = await startServer({ DATA_DIR: source });
  cleanups.push(() => a.stop());

  // Bookings through the wizard's API, a game started by staff, two teams joining and sending photos.
  const booker = await openClient(a.url);
  for (let i = 0; i < 3; i++) {
    const res = await booker.json<{ booking: { temp_code: string } }>('POST', '/api/bookings', bookingBody({ players: 6 + i }));
    expect(res.status).toBe(201);
    made.bookerCode = res.data.booking.temp_code;
  }
  made.gameCode = seeded.gameCode ?? '';
  const player = await openClient(a.url);
  const joins = [];
  for (const [name, team] of [
    ['Fay', 'Foxes'],
    ['Olly', 'Owls'],
  ] as const) {
    const joined = await player.json<{ token: string }>('POST', `/api/play/${made.gameCode}/join`, { name, team_name: team });
    expect(joined.status, JSON.stringify(joined.data)).toBe(201);
    joins.push(joined.data.token);
  }
  const staff = await openClient(a.url);
  expect((await staff.json('POST', '/api/auth/login', E2E_ADMIN)).status).toBe(200);
  expect((await staff.json('POST', `/api/admin/bookings/${seeded.booking.id}/start-game`)).status).toBe(200);
  const [fox = '', owl = ''] = joins;
  const listed = await player.json<{ challenges: Array<{ id: number; kinds: string[] }> }>('GET', `/api/play/${made.gameCode}/challenges`, undefined, {
    'x-player-token': fox,
  });
  const photoChallenges = listed.data.challenges.filter((c) => c.kinds.includes('photo')).map((c) => c.id);
  expect(photoChallenges.length).toBeGreaterThanOrEqual(2);
  const sent = await uploadPhoto(player, a.url, made.gameCode, fox, photoChallenges[0] ?? 0, icon(192));
  await uploadPhoto(player, a.url, made.gameCode, owl, photoChallenges[1] ?? 0, icon(512));
  made.playerToken = fox;
  made.photoUrl = sent.media_url;
  made.photo = icon(192);
  made.bookingByCode = (await booker.request('GET', `/api/booking/${made.gameCode}`)).body;

  // The running server holds its embedded database: the command refuses to open it beside it and says why.
  const refused = await npmRun('backup', [made.archive], { DATA_DIR: source });
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(
    new RegExp(`A hatch server \\(pid ${a.process.pid}, started [^)]+\\) has the embedded database in .* open.*backs itself up into`, 's'),
  );

  await a.stop();
  made.fingerprint = await fingerprint({ dataDir: source });
  made.media = mediaSums(source);
  expect(Object.keys(made.media)).toHaveLength(2);
  expect(Number(made.fingerprint.bookings?.split(':')[0])).toBe(6);
  expect(Number(made.fingerprint.booking_payments?.split(':')[0])).toBeGreaterThanOrEqual(2);
  expect(Number(made.fingerprint.submissions?.split(':')[0])).toBe(2);

  const backup = await npmRun('backup', [made.archive], { DATA_DIR: source });
  expect(backup.stderr).toBe('');
  expect(backup.code).toBe(0);
  expect(backup.stdout).toMatch(/bookings: 6 rows/);
  expect(backup.stdout).toMatch(/Wrote .*hatch\.tar\.gz \(.*: \d+ tables, 2 media files\)/);
  return source;
}

// Not tagged postgres: nothing here touches the driver, so the PostgreSQL pass does not run it again (decision 0321).
describe('backup and restore (npm run backup / restore around dist/server.js)', () => {
  it('backs up bookings, payments and a game with photos, restores them into an empty folder identical, and refuses a non-empty one', async () => {
    const source = await backedUpInstall();

    // Lose everything, then restore into an empty folder.
    rmSync(source, { recursive: true, force: true });
    const target = emptyFolder('restored');
    const restore = await npmRun('restore', [made.archive], { DATA_DIR: target });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/checksums match/);
    expect(await fingerprint({ dataDir: target })).toEqual(made.fingerprint);
    expect(mediaSums(target)).toEqual(made.media);

    // Not over what is there without --force: nothing changes.
    const again = await npmRun('restore', [made.archive], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/The target is not empty .*pass --force/);
    expect(await fingerprint({ dataDir: target })).toEqual(made.fingerprint);

    const b = await startServer({ DATA_DIR: target });
    cleanups.push(() => b.stop());
    await servesTheSame(b);
    await b.stop();

    // --force replaces it; a damaged archive is refused before anything is touched.
    const forced = await npmRun('restore', [made.archive, '--force'], { DATA_DIR: target });
    expect(forced.code).toBe(0);
    expect(await fingerprint({ dataDir: target })).toEqual(made.fingerprint);
    const damaged = path.join(scratch, 'damaged.tar.gz');
    const bytes = readFileSync(made.archive);
    const middle = Math.floor(bytes.length / 2);
    bytes.writeUInt8(bytes.readUInt8(middle) ^ 0xff, middle);
    writeFileSync(damaged, bytes);
    const refusedDamaged = await npmRun('restore', [damaged], { DATA_DIR: emptyFolder('damaged') });
    expect(refusedDamaged.code).toBe(1);
    expect(refusedDamaged.stderr).toMatch(/not a readable backup archive|Checksum mismatch/);
  }, 300_000);
});

describe.skipIf(!serverUrl)('backup and restore on PostgreSQL (needs TEST_DATABASE_URL)', { tags: ['postgres'] }, () => {
  it('restores the embedded archive into an empty PostgreSQL database identical, backs it up from there, and restores that too', async () => {
    await backedUpInstall();
    const url = await freshPostgresDatabase('hatch_restore', cleanups);
    const media = emptyFolder('pg-media');
    const restore = await npmRun('restore', [made.archive], { DATABASE_URL: url, DATA_DIR: media });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(await fingerprint({ url })).toEqual(made.fingerprint);
    expect(mediaSums(media)).toEqual(made.media);
    const again = await npmRun('restore', [made.archive], { DATABASE_URL: url, DATA_DIR: emptyFolder('pg-media-again') });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/The target is not empty \(the database has tables\)/);

    // Out of PostgreSQL (one REPEATABLE READ snapshot) and back into an empty folder.
    const fromPg = path.join(scratch, 'archives', 'from-postgres.tar.gz');
    const backup = await npmRun('backup', [fromPg], { DATABASE_URL: url, DATA_DIR: media });
    expect(backup.code).toBe(0);
    const folder = emptyFolder('from-postgres');
    expect((await npmRun('restore', [fromPg], { DATA_DIR: folder })).code).toBe(0);
    expect(await fingerprint({ dataDir: folder })).toEqual(made.fingerprint);
    expect(mediaSums(folder)).toEqual(made.media);

    const server = await startServer({ DATABASE_URL: url, DATA_DIR: media });
    cleanups.push(() => server.stop());
    await servesTheSame(server);
  }, 300_000);
});

describe('a truncated archive (issue 36)', () => {
  it('is refused as truncated, with nothing restored and no temporary folder left behind, wherever it is cut', async () => {
    const source = newDataDir('hatch-backup-truncated-');
    cleanups.push(async () => rmSync(source, { recursive: true, force: true }));
    const archive = path.join(scratch, 'whole.tar.gz');
    expect((await npmRun('backup', [archive], { DATA_DIR: source })).code).toBe(0);
    const bytes = readFileSync(archive);
    const cut = (share: number) => {
      const truncated = path.join(scratch, `truncated-${share}.tar.gz`);
      writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * share)));
      return truncated;
    };

    // As the operator runs it.
    const temp = emptyFolder('tmp');
    const target = emptyFolder('truncated-target');
    const restore = await npmRun('restore', [cut(0.8)], { DATA_DIR: target, TMPDIR: temp });
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(/^\S+truncated-0\.8\.tar\.gz is not a readable backup archive: it is truncated or damaged \(.*\)\.\n$/);
    // (tsx, which runs the command, keeps a folder of its own there.)
    expect(readdirSync(temp).filter((name) => name.startsWith('hatch-'))).toEqual([]);
    expect(readdirSync(target)).toEqual([]);

    // Cut anywhere, as a copy that stopped short would be (the command's own code, in this process for speed): the
    // unpacking used to fail with files still being written, and the clean-up's rmdir met them (ENOTEMPTY), was
    // reported instead of the archive's fault, and left the temporary folder behind.
    const tempHere = emptyFolder('tmp-here');
    const before = process.env.TMPDIR;
    process.env.TMPDIR = tempHere;
    try {
      for (let share = 0.3; share < 0.99; share += 0.01) {
        const outcome = await restoreBackup({ file: cut(share), config: loadConfig({ DATA_DIR: target }) }).then(
          () => 'restored',
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        );
        expect(outcome).toMatch(/is not a readable backup archive: it is truncated or damaged/);
        expect(readdirSync(tempHere)).toEqual([]);
      }
    } finally {
      process.env.TMPDIR = before;
    }
  });
});
