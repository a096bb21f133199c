import { describe, expect, it } from 'vitest';
import { useFreshPostgresDatabases } from '../support/fresh-postgres-database';

/**
 * `npm run bench -- outbox` made small (issue 29; see bench-game.test.ts): phones coming back at once, checked for what
 * is exact, every answer stored once. Build first: `npm run build`.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const freshDatabase = useFreshPostgresDatabases();

describe.skipIf(!serverUrl)('the bench outbox section (needs TEST_DATABASE_URL)', { tags: ['postgres'] }, () => {
  it('drains phones coming back at once: every kept answer stored exactly once, each replay answered with its first', async () => {
    const { benchOutbox } = await import('../../bench/outbox');
    const url = await freshDatabase('hatch_bench_outbox');
    const result = await benchOutbox(url, { phones: 4, answers: 5, replays: 2, teams: 2 });
    expect(result.first_send_statuses).toEqual({ 201: 20 });
    expect(result.replay_statuses).toEqual({ 201: 8 });
    expect(result.replay_answered_with_the_first_submission).toEqual({ same: 8, different: 0 });
    expect(result.rows_in_database).toBe(20);
    expect(result.distinct_answers_in_database).toBe(20);
  });
});
