import { describe, expect, it } from 'vitest';
import { joinRefusal, joinStatusText } from './joining';
import { organiserStage } from './organiser-stage';

describe('joining (issue 28)', () => {
  it('is open from payment to the end, activated or not', () => {
    expect(joinRefusal({ bookingStatus: 'paid', state: 'not_started' })).toBeNull();
    expect(joinRefusal({ bookingStatus: 'paid', state: 'live' })).toBeNull();
    expect(joinRefusal({ bookingStatus: 'lead', state: 'not_started' })).toMatchObject({ status: 409, code: 'conflict' });
    expect(joinRefusal({ bookingStatus: 'completed', state: 'ended' })).toMatchObject({ status: 409, code: 'game_ended' });
  });

  it("gives the organiser page's words from the same rule", () => {
    expect(joinStatusText({ bookingStatus: 'paid', state: 'lobby' }, 'GAME01')).toContain('Players can join now');
    expect(joinStatusText({ bookingStatus: 'completed', state: 'ended' }, 'GAME01')).toContain('The game is over');
  });
});

describe("the organiser's headline state", () => {
  it('reads the game state before activation', () => {
    expect(organiserStage(null)).toBe('setup');
    expect(organiserStage({ activated: false, status: 'lobby' })).toBe('setup');
    expect(organiserStage({ activated: true, status: 'not_started' })).toBe('activated');
    expect(organiserStage({ activated: false, status: 'live' })).toBe('live');
    expect(organiserStage({ activated: true, status: 'ended' })).toBe('over');
  });
});
