import type { RecapTrack } from '../../../shared/api/showcase';
import type { MapPlayer } from '../../components/live-map/live-map';

/**
 * Where everyone was at one instant of the replay (decision 0452): each track's fixes up to that instant, the last
 * one its marker and the earlier ones its trail. Someone with no fix yet is not on the map.
 */
export function playersAt(tracks: readonly RecapTrack[], at: number): MapPlayer[] {
  return tracks.flatMap((track) => {
    const seen = track.points.filter((p) => Date.parse(p.at) <= at);
    const position = seen.at(-1);
    if (!position) return [];
    return [{ id: track.player_id, name: track.name, team_id: track.team_id, role: track.role, position, trail: seen.slice(0, -1) }];
  });
}

/** The replay's span: the game's start to its end (or its last fix). */
export function replaySpan(game: { started_at: string; ended_at: string | null }, tracks: readonly RecapTrack[]): { from: number; to: number } {
  const from = Date.parse(game.started_at);
  const lastFix = Math.max(from, ...tracks.flatMap((t) => t.points.map((p) => Date.parse(p.at))));
  return { from, to: game.ended_at ? Math.max(Date.parse(game.ended_at), lastFix) : lastFix };
}
