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
