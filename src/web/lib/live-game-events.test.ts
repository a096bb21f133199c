import { describe, expect, it } from 'vitest';
import type { ConsoleResponse } from '../../shared/api/host';
import type { MapResponse } from '../../shared/api/play';
import { applyConsoleEvent, applyMapEvent, TRAIL_KEEP } from './live-game-events';

const game: MapResponse['game'] = {
  code: 'ABC123',
  status: 'lobby',
  starts_at: '2030-01-01T10:00:00.000Z',
  ends_at: null,
  duration: 60,
  area: { lat: 51.5, lng: -0.12, radius: 800 },
  weapons_on: false,
  plan_type: 'standard',
  city: 'London',
};

function snapshot(): MapResponse {
  return {
    game,
    teams: [{ id: 1, name: 'Foxes', challenge_points: 0, chicken_points: 0, adjustments: 0, found_chicken_at: null }],
    players: [{ id: 10, name: 'Ann', role: 'player', team_id: 1, ready: false, location: 'granted', position: null, trail: [] }],
    messages: [],
    last_event_id: '5',
  };
}

const ev = (event: string, data: unknown, id: string | null = null) => ({ id, event, data: JSON.stringify(data) });
const position = (lat: number, at: string) => ev('position', { player_id: 10, team_id: 1, role: 'player', lat, lng: -0.12, at });

describe('applyMapEvent', () => {
  it('moves a player and keeps the previous fix as the trail; an older or repeated fix changes nothing', () => {
    let s = applyMapEvent(snapshot(), position(51.5, '2030-01-01T10:00:05.000Z'));
    s = applyMapEvent(s, position(51.501, '2030-01-01T10:00:10.000Z'));
    const replay = applyMapEvent(s, position(51.5, '2030-01-01T10:00:05.000Z'));
    expect(replay).toBe(s);
    expect(s.players[0]?.position).toEqual({ lat: 51.501, lng: -0.12, at: '2030-01-01T10:00:10.000Z' });
    expect(s.players[0]?.trail).toEqual([{ lat: 51.5, lng: -0.12, at: '2030-01-01T10:00:05.000Z' }]);
  });

  it('keeps at most TRAIL_KEEP past fixes', () => {
    let s = snapshot();
    for (let i = 0; i < TRAIL_KEEP + 5; i++) s = applyMapEvent(s, position(51.5 + i / 10_000, new Date(Date.UTC(2030, 0, 1, 10, 0, i * 5)).toISOString()));
    expect(s.players[0]?.trail).toHaveLength(TRAIL_KEEP);
    expect(s.players[0]?.trail.at(-1)?.lat).toBeCloseTo(51.5 + (TRAIL_KEEP + 3) / 10_000);
  });

  it('adds a joining player, updates a known one without losing their position, and lists a message once', () => {
    let s = applyMapEvent(snapshot(), position(51.5, '2030-01-01T10:00:05.000Z'));
    s = applyMapEvent(s, ev('player', { player: { id: 10, name: 'Ann', role: 'player', team_id: 1, ready: true, location: 'granted' } }, '6'));
    s = applyMapEvent(s, ev('player', { player: { id: 11, name: 'Bob', role: 'player', team_id: 1, ready: false, location: 'denied' } }, '7'));
    const message = ev('message', { id: 3, text: 'Head north', at: '2030-01-01T10:01:00.000Z' }, '8');
    s = applyMapEvent(applyMapEvent(s, message), message);
    expect(s.players.map((p) => [p.name, p.ready, p.position?.lat ?? null])).toEqual([
      ['Ann', true, 51.5],
      ['Bob', false, null],
    ]);
    expect(s.messages.map((m) => m.text)).toEqual(['Head north']);
  });

  it('takes a new game state and the teams list; ignores unknown types and malformed data', () => {
    let s = applyMapEvent(snapshot(), ev('state', { game: { ...game, status: 'live', ends_at: '2030-01-01T11:00:00.000Z' } }, '9'));
    const seats = { players: 2, capacity: 4, full: false };
    s = applyMapEvent(
      s,
      ev('teams', {
        teams: [
          { id: 1, name: 'Foxes', challenge_points: 5, chicken_points: 0, adjustments: 2, found_chicken_at: null, ...seats },
          { id: 2, name: 'Owls', challenge_points: 0, chicken_points: 50, adjustments: 0, found_chicken_at: '2030-01-01T10:30:00.000Z', ...seats },
        ],
      }, '10'),
    );
    expect(s.game.status).toBe('live');
    // The phone keeps every input of the one total (decision 0240), not its seats.
    expect(s.teams).toEqual([
      { id: 1, name: 'Foxes', challenge_points: 5, chicken_points: 0, adjustments: 2, found_chicken_at: null },
      { id: 2, name: 'Owls', challenge_points: 0, chicken_points: 50, adjustments: 0, found_chicken_at: '2030-01-01T10:30:00.000Z' },
    ]);
    expect(applyMapEvent(s, { id: null, event: 'state', data: '{not json' })).toBe(s);
    expect(applyMapEvent(s, ev('future-type', {}))).toBe(s);
    expect(applyMapEvent(s, ev('position', { player_id: 'x' }))).toBe(s);
  });
});

describe('applyConsoleEvent', () => {
  it('takes every score input of a teams event, when the team found the Chicken included', () => {
    const base: ConsoleResponse = {
      ...snapshot(),
      teams: [{ id: 1, name: 'Foxes', challenge_points: 0, chicken_points: 50, adjustments: 0, players: 1, capacity: 4, full: false, found_chicken_at: '2030-01-01T10:30:00.000Z' }],
      booking: { name: 'Acme', phone: null, meeting_point: null, players: 8, duration: 60, starts_at: null },
  lifecycle: { meeting_at: null, timezone: 'Europe/London', paid: true, ended_at: null, booked_end_at: null },
    };
    const s = applyConsoleEvent(
      base,
      ev('teams', { teams: [{ id: 1, name: 'Foxes', challenge_points: 10, chicken_points: 50, adjustments: -1, found_chicken_at: '2030-01-01T10:30:00.000Z', players: 2, capacity: 4, full: false }] }, '11'),
    );
    expect(s.teams[0]).toMatchObject({ challenge_points: 10, adjustments: -1, players: 2, found_chicken_at: '2030-01-01T10:30:00.000Z' });
  });
});
