import { describe, expect, it } from 'vitest';
import { useFreshPostgresDatabases } from '../support/fresh-postgres-database';

/**
 * `npm run bench -- game` must run whole (issue 28: it stopped at "start answered 409" once games had a start window,
 * its games being dated 2030). The section itself, made small: 2 games of 10 players for one round of positions, on
 * two server processes and one PostgreSQL. Nothing here is a speed figure (those are the bench's); it checks that
 * every game starts, every write is accepted and every teammate hears every position. The other sections run small
 * beside it, one file each so the PostgreSQL pass runs them side by side (their fixed waits are most of their time):
 * bench-biggame, bench-outbox and bench-media. Build first: `npm run build`.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const freshDatabase = useFreshPostgresDatabases();

describe.skipIf(!serverUrl)('the bench game section (needs TEST_DATABASE_URL)', { tags: ['postgres'] }, () => {
  it('starts its games, and every position is written and delivered', async () => {
    // The section reads its size when loaded.
    process.env.BENCH_GAME_PLAYERS = '20';
    process.env.BENCH_GAME_GAMES = '2';
    process.env.BENCH_GAME_MS = '5000';
    const { benchGame } = await import('../../bench/game');
    const url = await freshDatabase('hatch_bench_game');
    const result = await benchGame(url);
    expect(result.players).toBe(20);
    expect(result.streams_open).toBe(20);
    expect(Object.keys(result.write_statuses)).toEqual(['204']);
    expect(result.post_to_delivery.n).toBeGreaterThan(0);
    expect(result.post_to_delivery.delivered).toBe(result.post_to_delivery.expected_deliveries);
  });
});
