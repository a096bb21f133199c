import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishGameEvent } from '../../src/server/domains/game/game-events';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { liveGameWithTeams } from '../support/game-fixtures';

/**
 * Decision 0675, on the PostgreSQL server (the only driver where two transactions write at once): one game's events
 * commit in the order of their ids. The hubs and the phones' streams skip an id that is not newer than the last one
 * they handed on, so an event that committed after a later-numbered one reached no phone. Here the second publisher
 * is seen waiting on the game's lock (pg_locks, not a sleep) while the first transaction is still open.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(async () => t.close());

/** A promise and the function that settles it: the first transaction stays open until the test lets it commit. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const waiting = z.object({ rows: z.array(z.object({ waiting: z.coerce.number() })).length(1) });
/** How many sessions wait for an advisory lock they asked for: the second publisher, once it is blocked. */
async function publishersWaiting(): Promise<number> {
  const result = await t.db.execute(sql`select count(*) as waiting from pg_locks where locktype = 'advisory' and not granted`);
  return waiting.parse(result).rows[0]?.waiting ?? 0;
}

describe.skipIf(!serverUrl)("a game's events commit in id order (needs TEST_DATABASE_URL)", { tags: ['postgres'] }, () => {
  it("holds a second publisher of the same game until the first commits, so the later id commits later; another game's publisher goes on", async () => {
    const game = await liveGameWithTeams(t, admin);
    const other = await liveGameWithTeams(t, admin);
    const order: string[] = [];
    const firstMayCommit = gate();
    const firstPublished = gate();

    const first = t.db.transaction(async (tx) => {
      const id = await publishGameEvent(tx, { gameId: game.gameId, instanceId: game.instanceId, type: 'message', data: { text: 'first' } });
      firstPublished.open();
      await firstMayCommit.opened;
      order.push('first commits');
      return id;
    });
    await firstPublished.opened;

    const second = t.db
      .transaction((tx) => publishGameEvent(tx, { gameId: game.gameId, instanceId: game.instanceId, type: 'message', data: { text: 'second' } }))
      .then((id) => {
        order.push('second committed');
        return id;
      });
    // Another game's events are not held by this game's open transaction.
    const elsewhere = await t.db.transaction((tx) =>
      publishGameEvent(tx, { gameId: other.gameId, instanceId: other.instanceId, type: 'message', data: { text: 'elsewhere' } }),
    );
    expect(elsewhere).toBeGreaterThan(0);

    try {
      // The second publisher is blocked on the game's lock (or, without it, has already committed: the fault).
      await expect.poll(async () => (order.includes('second committed') ? 'committed before the first' : await publishersWaiting())).toBe(1);
    } finally {
      firstMayCommit.open();
    }
    const [firstId, secondId] = await Promise.all([first, second]);

    expect(order).toEqual(['first commits', 'second committed']);
    expect(secondId).toBeGreaterThan(firstId);
  });
});
