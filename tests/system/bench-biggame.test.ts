import { describe, expect, it } from 'vitest';
import { useFreshPostgresDatabases } from '../support/fresh-postgres-database';

/**
 * `npm run bench -- biggame` made small (see bench-game.test.ts): one game of many teams, the host console and the big
 * screen subscribed. Build first: `npm run build`.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const freshDatabase = useFreshPostgresDatabases();

describe.skipIf(!serverUrl)('the bench biggame section (needs TEST_DATABASE_URL)', { tags: ['postgres'] }, () => {
  it('plays one game of many teams with the host console and the big screen subscribed, and both hear every position', async () => {
    // The section reads its length when loaded: one round of positions, as bench-game.test.ts plays.
    process.env.BENCH_GAME_MS = '5000';
    const { benchGame } = await import('../../bench/game');
    const url = await freshDatabase('hatch_bench_biggame');
    const result = await benchGame(url, { players: 24, games: 1, teamsPerGame: 6, watchers: true });
    expect(result.streams_open).toBe(24);
    expect(Object.keys(result.write_statuses)).toEqual(['204']);
    expect(result.post_to_delivery.delivered).toBe(result.post_to_delivery.expected_deliveries);
    expect(result.post_to_host_console?.n).toBe(result.post_to_host_console?.expected_deliveries);
    expect(result.post_to_host_console?.n).toBeGreaterThan(0);
    expect(result.post_to_big_screen?.n).toBe(result.post_to_big_screen?.expected_deliveries);
  });
});
