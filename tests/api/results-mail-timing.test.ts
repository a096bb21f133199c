import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameChallenges, gameInstances } from '../../src/server/domains/game/tables/games';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { queueDueResultsMails, RESULTS_MAIL_WAIT_MS } from '../../src/server/domains/game/results-mails';
import type { TeamSubmission } from '../../src/shared/api/play-challenges';
import { createChallenge } from '../support/game-fixtures';
import { playedGame, type Joined } from '../support/hunt-fixtures';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';

/**
 * Game day 3 (issue 36): the results mail waits for answers made before the end that are still pending review (at
 * most RESULTS_MAIL_WAIT_MS), and a "Corrected results" mail follows once per change of the final ranking: an
 * approval after the mail, a resume and a second end (decision 0530).
 */
let t: TestApp;
let admin: Agent & { userId: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(async () => t.close());

type Game = Awaited<ReturnType<typeof playedGame>>;
const mailer = () => ({ mail: t.app.deps.mail, baseUrl: 'https://hatch.example' });
const after = (ms: number) => new Date(Date.now() + ms);

/** Foxes 10 and Owls 3 approved; the Hares' 6-point answer made in time and still pending: 2nd and 3rd hang on it. */
async function endedWithPendingAnswer() {
  const g = await playedGame(t, admin, { teams: ['Foxes', 'Owls', 'Hares'] });
  const ids: number[] = [];
  for (const [i, max] of [10, 6, 3, 2].entries())
    ids.push(await createChallenge(admin, { type: 'RightWrong', max_score: max, name: `Riddle ${g.gameCode} ${i}` }));
  await t.db.delete(gameChallenges).where(eq(gameChallenges.gameId, g.gameId));
  await t.db.insert(gameChallenges).values(ids.map((challengeId, position) => ({ gameId: g.gameId, challengeId, position })));
  const [fox, owl, hare] = g.members;
  if (!fox || !owl || !hare) throw new Error('no players');
  const answer = async (who: Joined, challenge: number | undefined) => {
    const res = await g.visitor.post(`/api/play/${g.gameCode}/submissions`, { challenge_id: challenge, kind: 'text', text: `answer ${who.id}` }, who.headers);
    expect(res.statusCode).toBe(201);
    return res.json<{ submission: TeamSubmission }>().submission.id;
  };
  await approve(g, await answer(fox, ids[0]));
  await approve(g, await answer(owl, ids[2]));
  const late = await answer(hare, ids[1]);
  expect((await admin.post(`/api/host/games/${g.gameCode}/end`)).statusCode).toBe(200);
  return { ...g, late, answer, riddles: ids, owl };
}

async function approve(g: Game, submissionId: number) {
  expect((await admin.post(`/api/host/games/${g.gameCode}/submissions/${submissionId}/approve`, {})).statusCode).toBe(200);
}

async function resultsMails(g: Game) {
  return t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.bookingId, g.booking.id), like(mailOutbox.kind, 'game.results%')))
    .orderBy(asc(mailOutbox.id));
}

const FINAL = '1. Foxes: 10 points\n2. Hares: 6 points\n3. Owls: 3 points';
const AT_THE_END = '1. Foxes: 10 points\n2. Owls: 3 points\n3. Hares: 0 points';

describe('the results mail after the end', () => {
  it('waits while an answer made before the end is pending review, then mails the ranking with it, once', async () => {
    const g = await endedWithPendingAnswer();
    await queueDueResultsMails(t.db, mailer(), after(4_000));
    await queueDueResultsMails(t.db, mailer(), after(20 * 60_000));
    expect(await resultsMails(g)).toEqual([]);

    await approve(g, g.late);
    await queueDueResultsMails(t.db, mailer(), after(21 * 60_000));
    await queueDueResultsMails(t.db, mailer(), after(22 * 60_000));
    const mails = await resultsMails(g);
    expect(mails.map((m) => [m.kind, m.subject])).toEqual([['game.results', `Your hatch results: game ${g.gameCode}`]]);
    expect(mails[0]?.text).toContain(FINAL);
  });

  it('mails the ranking as it stands at the deadline, and one "Corrected results" mail per later change', async () => {
    const g = await endedWithPendingAnswer();
    await queueDueResultsMails(t.db, mailer(), after(RESULTS_MAIL_WAIT_MS - 60_000));
    expect(await resultsMails(g)).toEqual([]);
    await queueDueResultsMails(t.db, mailer(), after(RESULTS_MAIL_WAIT_MS + 60_000));
    expect((await resultsMails(g)).map((m) => m.text)).toEqual([expect.stringContaining(AT_THE_END)]);

    // The late approval swaps 2nd and 3rd: one correction, with the whole corrected leaderboard.
    await approve(g, g.late);
    await queueDueResultsMails(t.db, mailer(), after(RESULTS_MAIL_WAIT_MS + 2 * 60_000));
    await queueDueResultsMails(t.db, mailer(), after(RESULTS_MAIL_WAIT_MS + 3 * 60_000));
    const corrected = (await resultsMails(g)).slice(1);
    expect(corrected.map((m) => [m.kind, m.subject])).toEqual([['game.results.corrected', `Corrected results: game ${g.gameCode}`]]);
    expect(corrected[0]?.text).toContain('Here are the corrected results.');
    expect(corrected[0]?.text).toContain(FINAL);
    expect(corrected[0]?.text).toContain('https://hatch.example/manage/');
  });

  it('sends a correction after a resume and a second end that change the ranking, none when it stays the same', async () => {
    const g = await endedWithPendingAnswer();
    await approve(g, g.late);
    await queueDueResultsMails(t.db, mailer(), after(5_000));
    expect((await resultsMails(g)).map((m) => m.text)).toEqual([expect.stringContaining(FINAL)]);

    // Resumed while the first mail is out: nothing is mailed while it is live, nor after an end that changed nothing.
    expect((await admin.post(`/api/host/games/${g.gameCode}/resume`)).statusCode).toBe(200);
    await queueDueResultsMails(t.db, mailer(), after(10_000));
    expect((await admin.post(`/api/host/games/${g.gameCode}/end`)).statusCode).toBe(200);
    await queueDueResultsMails(t.db, mailer(), after(15_000));
    expect(await resultsMails(g)).toHaveLength(1);

    // Resumed again, the Owls score 6 more and pass the Hares: the second end mails the correction, once.
    expect((await admin.post(`/api/host/games/${g.gameCode}/resume`)).statusCode).toBe(200);
    await approve(g, await g.answer(g.owl, g.riddles[1]));
    await approve(g, await g.answer(g.owl, g.riddles[3]));
    await queueDueResultsMails(t.db, mailer(), after(20_000));
    expect(await resultsMails(g)).toHaveLength(1);
    expect((await admin.post(`/api/host/games/${g.gameCode}/end`)).statusCode).toBe(200);
    await Promise.all([queueDueResultsMails(t.db, mailer(), after(25_000)), queueDueResultsMails(t.db, mailer(), after(25_000))]);
    const mails = await resultsMails(g);
    expect(mails.map((m) => m.kind)).toEqual(['game.results', 'game.results.corrected']);
    expect(mails[1]?.text).toContain('1. Owls: 11 points\n2. Foxes: 10 points\n3. Hares: 6 points');
  });

  it('takes a game mailed before the ranking was kept as mailed: no second mail for it', async () => {
    const g = await endedWithPendingAnswer();
    await approve(g, g.late);
    await queueDueResultsMails(t.db, mailer(), after(5_000));
    // As a game mailed by the older ticker: the mail is in the outbox, the instance does not say what it showed.
    await t.db.update(gameInstances).set({ resultsMailed: null }).where(eq(gameInstances.gameId, g.gameId));
    await queueDueResultsMails(t.db, mailer(), after(10_000));
    expect(await resultsMails(g)).toHaveLength(1);
  });
});
