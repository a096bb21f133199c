import { describe, expect, it } from 'vitest';
import type { ConsoleResponse } from '../../shared/api/host';
import { applyConsoleEvent, applyMapEvent } from './live-game-events';

const snap: ConsoleResponse = {
  game: {
    code: 'ABC123',
    status: 'live',
    starts_at: null,
    ends_at: null,
    duration: 60,
    area: { lat: 51.5, lng: -0.12, radius: 800 },
    weapons_on: true,
    plan_type: 'pro',
    city: 'London',
  },
  teams: [
    { id: 1, name: 'Foxes', challenge_points: 0, chicken_points: 0, adjustments: 0, players: 1, capacity: 4, full: false, found_chicken_at: null },
    { id: 2, name: 'Owls', challenge_points: 0, chicken_points: 0, adjustments: 0, players: 1, capacity: 4, full: false, found_chicken_at: null },
  ],
  players: [],
  messages: [],
  last_event_id: '1',
  booking: { name: 'Acme', phone: null, meeting_point: null, players: 8, duration: 60, starts_at: null },
  lifecycle: { meeting_at: null, timezone: 'Europe/London', paid: true, ended_at: null, booked_end_at: null },
};
const found = (teamId: number, at: string, points: number) => ({
  id: '2',
  event: 'found',
  data: JSON.stringify({ team_id: teamId, team_name: 'Foxes', at, chicken_points: points }),
});

describe('the hunt on the live screens', () => {
  it('marks the team that found the Chicken on the host console and the phones, once', () => {
    const s = applyConsoleEvent(snap, found(1, '2030-01-01T10:30:00.000Z', 50));
    expect(s.teams[0]).toMatchObject({ found_chicken_at: '2030-01-01T10:30:00.000Z', chicken_points: 50 });
    expect(s.teams[1]?.found_chicken_at).toBeNull();
    // A replay with another time changes nothing.
    expect(applyConsoleEvent(s, found(1, '2030-01-01T10:45:00.000Z', 50)).teams[0]?.found_chicken_at).toBe('2030-01-01T10:30:00.000Z');
    // The phones' map takes it the same way, so their leaderboard moves at once.
    const map = {
      game: snap.game,
      teams: [{ id: 1, name: 'Foxes', challenge_points: 0, chicken_points: 0, adjustments: 0, found_chicken_at: null }],
      players: [],
      messages: [],
      last_event_id: '1',
    };
    expect(applyMapEvent(map, found(1, '2030-01-01T10:30:00.000Z', 50)).teams[0]).toMatchObject({
      found_chicken_at: '2030-01-01T10:30:00.000Z',
      chicken_points: 50,
    });
    // Malformed: ignored.
    expect(applyConsoleEvent(snap, { id: '3', event: 'found', data: '{' })).toBe(snap);
  });

  it('leaves the players\u2019 map alone on hunt events (the Backpack and the Chicken screen refetch instead)', () => {
    const map = {
      game: snap.game,
      teams: [{ id: 1, name: 'Foxes', challenge_points: 0, chicken_points: 0, adjustments: 0, found_chicken_at: null }],
      players: [],
      messages: [],
      last_event_id: '1',
    };
    expect(
      applyMapEvent(map, {
        id: '4',
        event: 'items',
        data: JSON.stringify({ team_id: 1, change: 'struck', kind: 'egg_strike', by_team_name: 'Owls', until: null }),
      }),
    ).toBe(map);
  });
});
