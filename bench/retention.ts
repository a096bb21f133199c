/**
 * The retention job at scale (issue 41, decision 0570): GAMES ended games of PLAYERS players with FIXES positions each
 * and MEDIA photo answers per game, all past their days; one run of the daily job with the clock moved, timed.
 * Standalone (not part of `npm run bench`): `npx tsx bench/retention.ts` on an in-memory PGlite, or with DATABASE_URL on
 * an empty PostgreSQL database. Prints one JSON line: the shape, the seconds the run took and what it deleted.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/platform/db/client';
import { seedReferenceData } from '../src/server/seed/seed';
import { createMediaStorage } from '../src/server/platform/storage';
import { loadConfig } from '../src/server/platform/config';
import { runRetention } from '../src/server/domains/privacy';
import { gameRetention } from '../src/server/domains/game';
import { bookingRetention } from '../src/server/domains/booking';
import { createPaidBooking } from '../scripts/booking-rows';

const shape = {
  games: Number(process.env.GAMES ?? 1000),
  players: Number(process.env.PLAYERS ?? 100),
  fixes: Number(process.env.FIXES ?? 10),
  media: Number(process.env.MEDIA ?? 10),
};
const ENDED = new Date('2030-01-01T12:00:00Z');

const dataDir = await mkdtemp(path.join(tmpdir(), 'hatch-retention-bench-'));
const database = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: 'memory://' });
try {
  await database.migrate();
  await seedReferenceData(database.db);
  const { db } = database;
  const seedStart = performance.now();
  const gameIds: number[] = [];
  for (let i = 0; i < shape.games; i++) gameIds.push((await createPaidBooking(db, { date: '2029-12-31' })).gameId);
  await db.execute(sql`
    insert into game_instances (game_id, status, start_time, end_time)
    select g, 'ended', ${new Date(ENDED.getTime() - 2 * 3600_000)}, ${ENDED} from unnest(${`{${gameIds.join(',')}}`}::int[]) as g`);
  await db.execute(sql`insert into instance_teams (instance_id, name, name_key) select id, 'Foxes', 'foxes' from game_instances`);
  await db.execute(sql`insert into players (instance_id, name) select i.id, 'Player ' || n from game_instances i, generate_series(1, ${shape.players}) n`);
  await db.execute(sql`
    insert into player_positions (instance_id, player_id, lat, lng, at)
    select p.instance_id, p.id, 51.5, -0.12, ${ENDED} from players p, generate_series(1, ${shape.fixes})`);
  await db.execute(sql`
    insert into submissions (instance_id, team_id, kind, media_key, status)
    select t.instance_id, t.id, 'photo', 'games/' || t.instance_id || '/' || n || '.jpg', 'approved' from instance_teams t, generate_series(1, ${shape.media}) n`);
  const seededSeconds = (performance.now() - seedStart) / 1000;

  const media = createMediaStorage(loadConfig({ DATA_DIR: dataDir }));
  const start = performance.now();
  const outcome = await runRetention({ db, media }, [gameRetention, bookingRetention], new Date(ENDED.getTime() + 100 * 86_400_000));
  const seconds = (performance.now() - start) / 1000;
  console.log(
    JSON.stringify({
      shape,
      driver: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      seeded_s: Math.round(seededSeconds * 10) / 10,
      retention_s: Math.round(seconds * 100) / 100,
      ...outcome,
    }),
  );
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
