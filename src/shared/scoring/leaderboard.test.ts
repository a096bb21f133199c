import { describe, expect, it } from 'vitest';
import { chickenPointsFor, rankTeams, teamTotal, winnerText, type TeamScore } from './leaderboard';

const team = (id: number, name: string, over: Partial<TeamScore> = {}): TeamScore => ({
  id,
  name,
  challenge_points: 0,
  chicken_points: 0,
  adjustments: 0,
  found_chicken_at: null,
  ...over,
});

describe('team total', () => {
  it('adds challenge points, chicken points and adjustments (which may be negative)', () => {
    expect(teamTotal({ challenge_points: 30, chicken_points: 50, adjustments: -5 })).toBe(75);
  });
});

describe('leaderboard order', () => {
  it('puts the higher total first', () => {
    const ranked = rankTeams([team(1, 'A', { challenge_points: 10 }), team(2, 'B', { challenge_points: 20 }), team(3, 'C', { adjustments: 15 })]);
    expect(ranked.map((t) => [t.name, t.total, t.rank])).toEqual([
      ['B', 20, 1],
      ['C', 15, 2],
      ['A', 10, 3],
    ]);
  });
  it('breaks a tie by who found the Chicken first, and finding it beats not finding it', () => {
    const ranked = rankTeams([
      team(1, 'Never', { challenge_points: 60 }),
      team(2, 'Late', { challenge_points: 30, chicken_points: 30, found_chicken_at: '2026-05-01T12:30:00Z' }),
      team(3, 'Early', { challenge_points: 10, chicken_points: 50, found_chicken_at: '2026-05-01T12:10:00Z' }),
    ]);
    expect(ranked.map((t) => [t.name, t.rank])).toEqual([
      ['Early', 1],
      ['Late', 2],
      ['Never', 3],
    ]);
  });
  it('shares a rank on equal totals with no Chicken found, ordering those by challenge points then name', () => {
    const ranked = rankTeams([
      team(1, 'zebra', { challenge_points: 10 }),
      team(2, 'Apple', { challenge_points: 10 }),
      team(3, 'Mango', { challenge_points: 5, adjustments: 5 }),
      team(4, 'Last', { challenge_points: 1 }),
    ]);
    expect(ranked.map((t) => [t.name, t.rank])).toEqual([
      ['Apple', 1],
      ['zebra', 1],
      ['Mango', 1],
      ['Last', 4],
    ]);
  });
  it('is stable for equal names by id, and empty for no teams', () => {
    expect(rankTeams([team(9, 'Same'), team(4, 'same')]).map((t) => t.id)).toEqual([4, 9]);
    expect(rankTeams([])).toEqual([]);
  });
});

describe('chicken points', () => {
  it('gives the first finder most, then less, then a floor', () => {
    expect([1, 2, 3, 4, 10].map(chickenPointsFor)).toEqual([50, 30, 20, 10, 10]);
  });
  it('refuses a find order below 1', () => {
    expect(() => chickenPointsFor(0)).toThrow(RangeError);
  });
});

describe('the winner for the prize-giving (issue 36)', () => {
  const t = (id: number, name: string, challenge_points: number, found_chicken_at: string | null = null) => ({
    id,
    name,
    challenge_points,
    chicken_points: 0,
    adjustments: 0,
    found_chicken_at,
  });
  it('names the team ranked first by the one rule, the tie on total broken by the earlier find', () => {
    expect(winnerText([t(1, 'Owls', 20), t(2, 'Foxes', 30)])).toBe('Winner: Foxes, 30 points');
    expect(winnerText([t(1, 'Owls', 30, '2030-01-01T10:40:00Z'), t(2, 'Foxes', 30, '2030-01-01T10:30:00Z')])).toBe('Winner: Foxes, 30 points');
  });
  it('names every team that shares first place, and nobody without teams', () => {
    expect(winnerText([t(1, 'Owls', 30), t(2, 'Foxes', 30), t(3, 'Hares', 30), t(4, 'Bats', 5)])).toBe('Winners: Foxes, Hares and Owls, 30 points each');
    expect(winnerText([])).toBeNull();
  });
});
