import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameChallenges, gameInstances } from '../../src/server/domains/game/tables/games';
import { teamEffects } from '../../src/server/domains/game/tables/hunt';
import { createChallenge } from '../support/game-fixtures';
import { playedGame } from '../support/hunt-fixtures';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';

/**
 * The server's fixed refusals in the caller's language (issue 38, api-contract "Languages"): a frozen team's 423 and a
 * wrong password's 401 come back in French for `Accept-Language: fr`, and without it in the spec's English, unchanged.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(async () => t?.close());

describe('a refusal in the caller’s language', () => {
  it('tells a frozen team in French that it cannot send submissions, and for how long; in English as the spec writes it', async () => {
    const g = await playedGame(t, admin);
    const owl = g.members[1];
    if (!owl) throw new Error('no player');
    const riddle = await createChallenge(admin, { type: 'RightWrong', max_score: 10, name: `Riddle ${g.gameCode}` });
    await t.db.delete(gameChallenges).where(eq(gameChallenges.gameId, g.gameId));
    await t.db.insert(gameChallenges).values({ gameId: g.gameId, challengeId: riddle, position: 0 });
    const [instance] = await t.db.select().from(gameInstances).where(eq(gameInstances.gameId, g.gameId));
    if (!instance) throw new Error('no instance');
    await t.db
      .insert(teamEffects)
      .values({ instanceId: instance.id, teamId: g.teamIds[1] ?? 0, kind: 'frozen', until: new Date(Date.now() + 60_000), byTeamId: g.teamIds[0] ?? 0 });
    const submit = (headers: Record<string, string>) =>
      g.visitor.post(`/api/play/${g.gameCode}/submissions`, { challenge_id: riddle, kind: 'text', text: 'Un œuf' }, { ...owl.headers, ...headers });

    const french = await submit({ 'accept-language': 'fr' });
    expect(french.statusCode).toBe(423);
    expect(french.json()).toEqual({
      message: expect.stringMatching(/^Votre équipe est gelée par un Tir d’œuf : vous ne pouvez pas envoyer de réponses pendant encore \d+ secondes\.$/),
      code: 'team_frozen',
    });
    const english = await submit({});
    expect(english.statusCode).toBe(423);
    expect(english.json()).toEqual({
      message: expect.stringMatching(/^Your team is frozen by an Egg Strike: you cannot send submissions for \d+ more seconds\.$/),
      code: 'team_frozen',
    });
  });

  it('refuses a wrong password in French, and in English with the spec’s words', async () => {
    const visitor = await t.visitor();
    const body = { email: 'nobody@hatch.test', password: 'not the password' };
    const french = await visitor.post('/api/auth/login', body, { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(french.statusCode).toBe(401);
    expect(french.json()).toEqual({ message: 'E-mail ou mot de passe incorrect', code: 'invalid_credentials' });
    const english = await visitor.post('/api/auth/login', body);
    expect(english.statusCode).toBe(401);
    expect(english.json()).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
  });
});
