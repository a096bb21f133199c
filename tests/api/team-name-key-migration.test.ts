import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, describe, expect, it } from 'vitest';
import { nameKey } from '../../src/shared/game/teams';

/**
 * Migration 0012 (decision 0350) on a database that already holds teams the old index let through: 'Red Fox' and
 * 'Red  Fox' in one game. Both stay, with their ids (players and points hang on them), the later one renamed, and
 * every key is what the server's nameKey makes of the name.
 */
const folder = 'drizzle';
const files = readdirSync(folder)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const statements = (file: string) => readFileSync(path.join(folder, file), 'utf8').split('--> statement-breakpoint');
const db = new PGlite({ extensions: { pg_trgm } });
afterAll(async () => db.close());

async function run(file: string) {
  for (const statement of statements(file)) if (statement.trim()) await db.exec(statement);
}

describe('migration 0012: team name keys', () => {
  it('keeps every existing team, renames the later of two same-named teams of a game, and fills the keys by nameKey', async () => {
    const target = files.findIndex((f) => f.startsWith('0012_'));
    expect(target).toBeGreaterThan(0);
    for (const file of files.slice(0, target)) await run(file);

    // Rows as the old schema held them; their game and booking do not matter here, so foreign keys are not checked.
    await db.exec('set session_replication_role = replica');
    const [one, two] = [1, 2];
    const names: [number, string][] = [
      [one, 'Red Fox'],
      [one, 'Red  Fox'],
      [one, ' Ｒｅｄ Ｆｏｘ'],
      [one, 'Owls'],
      [two, 'Red  Fox'],
    ];
    for (const [instanceId, name] of names) await db.query(`insert into instance_teams (instance_id, name) values ($1, $2)`, [instanceId, name]);

    await db.exec('set session_replication_role = origin');
    await run(files[target] ?? '');

    const rows = (await db.query<{ instance_id: number; name: string; name_key: string }>(`select instance_id, name, name_key from instance_teams order by id`))
      .rows;
    expect(rows.map((r) => [r.instance_id, r.name])).toEqual([
      [one, 'Red Fox'],
      [one, 'Red  Fox (2)'],
      [one, ' Ｒｅｄ Ｆｏｘ (3)'],
      [one, 'Owls'],
      [two, 'Red  Fox'],
    ]);
    for (const row of rows) expect(row.name_key).toBe(nameKey(row.name));
    await expect(db.query(`insert into instance_teams (instance_id, name, name_key) values ($1, 'RED FOX', 'red fox')`, [one])).rejects.toThrow(/unique/);
  });
});
