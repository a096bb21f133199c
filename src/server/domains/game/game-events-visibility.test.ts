import { describe, expect, it } from 'vitest';
import { visibleTo, type GameEvent, type Viewer } from './game-events';

const submission = (teamId: number | null): GameEvent => ({ id: 1, gameId: 1, type: 'submission', data: {}, meta: { teamId } });
const player = (teamId: number | null, role: 'player' | 'chicken' = 'player'): Viewer => ({ kind: 'player', playerId: 99, teamId, role });

describe('who hears a submission event', () => {
  it('reaches the submitting team and staff only', () => {
    expect(visibleTo(player(7), submission(7))).toBe(true);
    expect(visibleTo(player(8), submission(7))).toBe(false);
    expect(visibleTo(player(null), submission(7))).toBe(false);
    expect(visibleTo(player(null, 'chicken'), submission(7))).toBe(false);
    expect(visibleTo({ kind: 'staff' }, submission(7))).toBe(true);
  });

  it('reaches nobody but staff when it names no team', () => {
    expect(visibleTo(player(null), submission(null))).toBe(false);
    expect(visibleTo({ kind: 'staff' }, submission(null))).toBe(true);
  });
});

describe('who hears the review queue’s copy of a submission (issue 36)', () => {
  it('reaches staff only: never its own team, the organiser or the big screen (it carries the accepted answers)', () => {
    const review: GameEvent = { id: 2, gameId: 1, type: 'submission', data: {}, meta: { teamId: 7, staffOnly: true } };
    expect(visibleTo({ kind: 'staff' }, review)).toBe(true);
    expect(visibleTo(player(7), review)).toBe(false);
    expect(visibleTo({ kind: 'organiser', seesChicken: true }, review)).toBe(false);
    expect(visibleTo({ kind: 'screen' }, review)).toBe(false);
  });
});

describe("who hears the Chicken's position (decision 0280)", () => {
  const position = (role: 'player' | 'chicken'): GameEvent => ({
    id: null,
    gameId: 1,
    type: 'position',
    data: {},
    meta: { playerId: 5, teamId: role === 'chicken' ? null : 7, role },
  });

  it('reaches the organiser only when they opted in; staff always; every other event reaches the organiser', () => {
    expect(visibleTo({ kind: 'organiser', seesChicken: false }, position('chicken'))).toBe(false);
    expect(visibleTo({ kind: 'organiser', seesChicken: true }, position('chicken'))).toBe(true);
    expect(visibleTo({ kind: 'organiser', seesChicken: false }, position('player'))).toBe(true);
    expect(visibleTo({ kind: 'organiser', seesChicken: false }, submission(7))).toBe(true);
    expect(visibleTo({ kind: 'staff' }, position('chicken'))).toBe(true);
  });
});

describe('what the big screen hears (decision 0451)', () => {
  const screen: Viewer = { kind: 'screen' };
  const event = (type: GameEvent['type'], role: 'player' | 'chicken' = 'player'): GameEvent => ({
    id: type === 'position' ? null : 1,
    gameId: 1,
    type,
    data: {},
    meta: { playerId: 5, teamId: role === 'chicken' ? null : 7, role },
  });

  it("hears the teams' positions and players, the scores, the feed and messages; never the Chicken, a Backpack or a verdict", () => {
    expect(visibleTo(screen, event('position'))).toBe(true);
    expect(visibleTo(screen, event('player'))).toBe(true);
    expect(visibleTo(screen, event('position', 'chicken'))).toBe(false);
    expect(visibleTo(screen, event('player', 'chicken'))).toBe(false);
    for (const type of ['state', 'teams', 'message', 'found', 'feed'] as const) expect(visibleTo(screen, event(type))).toBe(true);
    expect(visibleTo(screen, event('items'))).toBe(false);
    expect(visibleTo(screen, submission(7))).toBe(false);
  });

  it('lets every player hear the feed, whichever team it is about', () => {
    expect(visibleTo(player(8), { id: 2, gameId: 1, type: 'feed', data: {}, meta: { teamId: 7 } })).toBe(true);
  });
});
