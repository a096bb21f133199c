import { describe, expect, it } from 'vitest';
import type { RecapTrack } from '../../../shared/api/showcase';
import { playersAt, replaySpan } from './replay';

const track = (id: number, role: 'player' | 'chicken', times: string[]): RecapTrack => ({
  player_id: id,
  name: `P${id}`,
  role,
  team_id: role === 'chicken' ? null : 1,
  points: times.map((at, i) => ({ lat: 51.5 + i / 1000, lng: -0.12, at })),
});

describe('the recap replay', () => {
  const tracks = [track(1, 'player', ['2030-01-01T10:00:00Z', '2030-01-01T10:10:00Z', '2030-01-01T10:20:00Z']), track(2, 'chicken', ['2030-01-01T10:15:00Z'])];

  it('shows each track up to the instant: the last fix as the marker, the earlier ones as the trail', () => {
    const at = Date.parse('2030-01-01T10:12:00Z');
    const players = playersAt(tracks, at);
    expect(players).toHaveLength(1);
    expect(players[0]?.position?.at).toBe('2030-01-01T10:10:00Z');
    expect(players[0]?.trail.map((p) => p.at)).toEqual(['2030-01-01T10:00:00Z']);
    expect(playersAt(tracks, Date.parse('2030-01-01T10:30:00Z')).map((p) => p.role)).toEqual(['player', 'chicken']);
  });

  it('spans the game from its start to its end, or to the last fix if that came later', () => {
    expect(replaySpan({ started_at: '2030-01-01T10:00:00Z', ended_at: '2030-01-01T11:00:00Z' }, tracks)).toEqual({
      from: Date.parse('2030-01-01T10:00:00Z'),
      to: Date.parse('2030-01-01T11:00:00Z'),
    });
    expect(replaySpan({ started_at: '2030-01-01T10:00:00Z', ended_at: null }, tracks).to).toBe(Date.parse('2030-01-01T10:20:00Z'));
  });
});
