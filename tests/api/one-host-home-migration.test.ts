import { afterAll, describe, expect, it } from 'vitest';
import { migrationDatabase } from '../support/migration-database';

/**
 * Migration 0029 (issue 36) on a database where the game kept its own copy of the host (games.host_id): the booking's
 * assigned host becomes the one home, taking the game's host where the copy differed, and the copy goes.
 */
const migrations = migrationDatabase();
const db = migrations.db;
afterAll(async () => migrations.close());

/** A value for each required column without a default, by its type: the test sets only what it is about. */
async function insertRow(table: string, given: Record<string, unknown>): Promise<void> {
  const required = await db.query<{ column_name: string; data_type: string }>(
    `select column_name, data_type from information_schema.columns
     where table_name = $1 and is_nullable = 'NO' and column_default is null`,
    [table],
  );
  const row: Record<string, unknown> = { ...given };
  for (const { column_name: name, data_type: type } of required.rows) {
    if (name in row) continue;
    if (/int|numeric|double|real/.test(type)) row[name] = 1;
    else if (type === 'boolean') row[name] = false;
    else if (type === 'date') row[name] = '2026-12-01';
    else if (type.startsWith('timestamp')) row[name] = new Date('2026-12-01T10:00:00Z');
    else if (type === 'json' || type === 'jsonb') row[name] = '[]';
    else row[name] = `${name}-${Object.keys(given).join('-')}-${String(Object.values(given)[0])}`;
  }
  const names = Object.keys(row);
  await db.query(`insert into ${table} (${names.map((n) => `"${n}"`).join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row));
}

describe('migration 0029: one home for the host', () => {
  it('keeps the host each game ran with on its booking and drops the copy', async () => {
    await migrations.upTo('0029_');

    for (const id of [7, 8, 9]) await insertRow('users', { id, email: `host${id}@example.test` });
    // Rows as the old schema held them; the other rows they point to do not matter here.
    await db.exec('set session_replication_role = replica');
    const cases: [bookingId: number, assigned: number | null, gameHost: number | null][] = [
      [1, 7, 7], // both the same
      [2, null, 8], // the game's host only
      [3, 7, 9], // an emergency change that reached only the game
      [4, 7, null], // assigned before the game, copy never set
    ];
    for (const [id, assigned, gameHost] of cases) {
      await insertRow('bookings', { id, assigned_host_id: assigned, temp_code: `TEMP${id}`, manage_key: `key-${id}` });
      await insertRow('games', { booking_id: id, host_id: gameHost, code: `GAME${id}` });
    }
    await db.exec('set session_replication_role = origin');
    await migrations.apply('0029_');

    const rows = (await db.query<{ id: number; assigned_host_id: number | null }>('select id, assigned_host_id from bookings order by id')).rows;
    expect(rows).toEqual([
      { id: 1, assigned_host_id: 7 },
      { id: 2, assigned_host_id: 8 },
      { id: 3, assigned_host_id: 9 },
      { id: 4, assigned_host_id: 7 },
    ]);
    const columns = (await db.query<{ column_name: string }>(`select column_name from information_schema.columns where table_name = 'games'`)).rows;
    expect(columns.map((c) => c.column_name)).not.toContain('host_id');
  });
});
