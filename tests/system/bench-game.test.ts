import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../support/fresh-postgres-database';

/**
 * `npm run bench -- game` must run whole (issue 28: it stopped at "start answered 409" once games had a start window,
 * its games being dated 2030). The section itself, made small: 2 games of 10 players for one round of positions, on
 * two server processes and one PostgreSQL. Nothing here is a speed figure (those are the bench's); it checks that
 * every game starts, every write is accepted and every teammate hears every position. The outbox and media sections
 * (issue 29) run small too, checked for what is exact: answers stored once, the upload taken, the zip sent whole.
 * Build first: `npm run build`.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

describe.skipIf(!serverUrl)('the bench game section (needs TEST_DATABASE_URL)', { tags: ['postgres'] }, () => {
  it('starts its games, and every position is written and delivered', async () => {
    // The section reads its size when loaded.
    process.env.BENCH_GAME_PLAYERS = '20';
    process.env.BENCH_GAME_GAMES = '2';
    process.env.BENCH_GAME_MS = '5000';
    const { benchGame } = await import('../../bench/game');
    const url = await freshPostgresDatabase('hatch_bench_game', cleanups);
    const result = await benchGame(url);
    expect(result.players).toBe(20);
    expect(result.streams_open).toBe(20);
    expect(Object.keys(result.write_statuses)).toEqual(['204']);
    expect(result.post_to_delivery.n).toBeGreaterThan(0);
    expect(result.post_to_delivery.delivered).toBe(result.post_to_delivery.expected_deliveries);
  });

  it('plays one game of many teams with the host console and the big screen subscribed, and both hear every position', async () => {
    const { benchGame } = await import('../../bench/game');
    const url = await freshPostgresDatabase('hatch_bench_biggame', cleanups);
    const result = await benchGame(url, { players: 24, games: 1, teamsPerGame: 6, watchers: true });
    expect(result.streams_open).toBe(24);
    expect(Object.keys(result.write_statuses)).toEqual(['204']);
    expect(result.post_to_delivery.delivered).toBe(result.post_to_delivery.expected_deliveries);
    expect(result.post_to_host_console?.n).toBe(result.post_to_host_console?.expected_deliveries);
    expect(result.post_to_host_console?.n).toBeGreaterThan(0);
    expect(result.post_to_big_screen?.n).toBe(result.post_to_big_screen?.expected_deliveries);
  });

  it('drains phones coming back at once: every kept answer stored exactly once, each replay answered with its first', async () => {
    const { benchOutbox } = await import('../../bench/outbox');
    const url = await freshPostgresDatabase('hatch_bench_outbox', cleanups);
    const result = await benchOutbox(url, { phones: 4, answers: 5, replays: 2, teams: 2 });
    expect(result.first_send_statuses).toEqual({ 201: 20 });
    expect(result.replay_statuses).toEqual({ 201: 8 });
    expect(result.replay_answered_with_the_first_submission).toEqual({ same: 8, different: 0 });
    expect(result.rows_in_database).toBe(20);
    expect(result.distinct_answers_in_database).toBe(20);
  });

  it("takes a video answer and sends the game's media zip whole (memory is the bench's figure, not checked here)", async () => {
    const { benchMedia } = await import('../../bench/media');
    const url = await freshPostgresDatabase('hatch_bench_media', cleanups);
    const result = await benchMedia(url, { videoMb: 3, repeats: 1, parallel: 2 });
    expect(result.upload.status).toBe(201);
    expect(result.uploads_in_a_row.statuses).toEqual([201]);
    expect(result.uploads_in_parallel.statuses).toEqual([201, 201]);
    expect(result.zip.status).toBe(200);
    // Stored uncompressed: every media's bytes and the zip's headers and directory (the zip once stopped after a few MB).
    expect(result.zip.zip_bytes).toBeGreaterThan(result.zip.media_bytes);
  });
});
