import { afterAll, describe, expect, it } from 'vitest';
import { nameKey } from '../../src/shared/game/teams';
import { migrationDatabase } from '../support/migration-database';

/**
 * Migration 0012 (decision 0350) on a database that already holds teams the old index let through: 'Red Fox' and
 * 'Red  Fox' in one game. Both stay, with their ids (players and points hang on them), the later one renamed, and
 * every key is what the server's nameKey makes of the name.
 */
const migrations = migrationDatabase();
const db = migrations.db;
afterAll(async () => migrations.close());

describe('migration 0012: team name keys', () => {
  it('keeps every existing team, renames the later of two same-named teams of a game, and fills the keys by nameKey', async () => {
    await migrations.upTo('0012_');

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
    await migrations.apply('0012_');

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
