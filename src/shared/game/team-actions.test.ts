import { describe, expect, it } from 'vitest';
import { eggStrikeEffect, smokeScreenEffect, type Effect } from './items';
import { frozenMessage, TEAM_ACTIONS, teamBlock, type TeamAction } from './team-actions';

const now = new Date('2030-01-01T10:00:00.000Z');
const weapons = { plan_type: 'pro', weapons_on: true } as const;
const frozen7: Effect = { kind: 'frozen', team_id: 7, until: new Date(now.getTime() + 73_500) };
const actions = Object.keys(TEAM_ACTIONS) as TeamAction[];

describe('may this team do X now', () => {
  it('refuses a frozen team every action of the Egg Strike description, says why and for how long', () => {
    for (const action of actions) {
      const block = teamBlock({ game: weapons, teamId: 7, effects: [frozen7], now }, action);
      expect(block).toEqual({ reason: 'frozen', until: frozen7.until, seconds: 74, message: frozenMessage(action, frozen7.until, now) });
    }
    expect(teamBlock({ game: weapons, teamId: 7, effects: [frozen7], now }, 'claim_chicken')?.message).toBe(
      'Your team is frozen by an Egg Strike: you cannot claim the Chicken for 74 more seconds.',
    );
    expect(frozenMessage('submit', new Date(now.getTime() + 400), now)).toBe(
      'Your team is frozen by an Egg Strike: you cannot send submissions for 1 more second.',
    );
  });

  it('lets every other team act, and the frozen one once the freeze ended', () => {
    expect(teamBlock({ game: weapons, teamId: 8, effects: [frozen7], now }, 'submit')).toBeNull();
    expect(teamBlock({ game: weapons, teamId: 7, effects: [frozen7], now: frozen7.until }, 'submit')).toBeNull();
    // A shield is no freeze.
    expect(teamBlock({ game: weapons, teamId: 7, effects: [smokeScreenEffect(7, now)], now }, 'use_item')).toBeNull();
  });

  it('holds no freeze when weapons are off (effects go with them)', () => {
    expect(teamBlock({ game: { plan_type: 'pro', weapons_on: false }, teamId: 7, effects: [frozen7], now }, 'submit')).toBeNull();
    expect(teamBlock({ game: { plan_type: 'standard', weapons_on: true }, teamId: 7, effects: [frozen7], now }, 'submit')).toBeNull();
  });

  it('freezes for the Egg Strike time from the strike', () => {
    const strike = eggStrikeEffect(7, [], now);
    if (!strike.hit) throw new Error('missed');
    expect(teamBlock({ game: weapons, teamId: 7, effects: [strike.effect], now }, 'pick_up')?.seconds).toBe(90);
  });
});
