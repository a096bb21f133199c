import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengesEventData, type PlayChallengesResponse } from '../../src/shared/api/play-challenges';
import { createChallenge } from '../support/game-fixtures';
import { playedGame } from '../support/hunt-fixtures';
import { openSse } from '../support/sse';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';

/** Game day 3 (issue 36): challenges the booker adds during the live game reach the phones at once, on their stream. */
let t: TestApp;
let admin: Agent & { userId: number };
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

describe('challenges added during the game', () => {
  it("reach every player's stream as the team's challenge list shows them, with nothing sent yet", async () => {
    const g = await playedGame(t, admin);
    const [fox, owl] = g.members;
    if (!fox || !owl) throw new Error('no players');
    const first = await createChallenge(admin, { type: 'RightWrong', max_score: 5, name: `Early riddle ${g.gameCode}` });
    const added = await createChallenge(admin, { type: 'Tally', max_score: 9, max_submissions: 3, name: `Live tally ${g.gameCode}` });
    const booker = await t.visitor();
    const save = (ids: number[]) =>
      booker.inject({
        method: 'POST',
        url: `/api/booking/${g.gameCode}/challenges`,
        payload: { added_challenges: ids },
        headers: { 'x-manage-key': g.booking.manageKey },
      });
    expect((await save([first])).statusCode).toBe(200);

    const stream = await openSse(`${base}/api/play/${g.gameCode}/stream`, fox.headers);
    expect(stream.status).toBe(200);
    try {
      expect((await save([first, added])).statusCode).toBe(200);
      const event = await stream.next((e) => e.event === 'challenges' && e.data.includes('Live tally'));
      const { challenges } = challengesEventData.parse(JSON.parse(event.data));
      expect(challenges.map((c) => c.name)).toEqual([`Early riddle ${g.gameCode}`, `Live tally ${g.gameCode}`]);
      // The same challenge as the team's own list gives it, before the team sent anything.
      const list = (await g.visitor.inject({ method: 'GET', url: `/api/play/${g.gameCode}/challenges`, headers: owl.headers })).json<PlayChallengesResponse>();
      expect(challenges[1]).toEqual(list.challenges[1]);
      expect(challenges[1]).toMatchObject({ max_score: 9, submissions_left: 3, points: 0, submissions: [] });
    } finally {
      stream.close();
    }
  });
});
