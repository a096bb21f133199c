import { useQuery } from '@tanstack/react-query';
import type { PublicGame } from '../../../shared/api/play';
import { teamBlock, type TeamAction, type TeamBlock } from '../../../shared/game/team-actions';
import { useNow } from '../../components/live-map/live-game-ui';
import { fetchBackpack, huntKeys, weaponsGame, weaponsOn } from './hunt-api';

/**
 * Whether the player's team may do `action` now, by the rule the server enforces (shared/game/team-actions.ts,
 * decision 0241): the team's effects come with its Backpack (refetched when an Egg Strike lands), and the answer
 * follows the clock, so a frozen action turns back on when the freeze ends.
 */
export function useTeamBlock(code: string, token: string, game: PublicGame, teamId: number | null, action: TeamAction): TeamBlock | null {
  const on = teamId !== null && game.status === 'live' && weaponsOn(game);
  const backpack = useQuery({ queryKey: huntKeys.backpack(code), queryFn: () => fetchBackpack(code, token), enabled: on, refetchInterval: 15_000 });
  const now = useNow();
  if (!on || teamId === null || !backpack.data) return null;
  const effects = backpack.data.effects.map((e) => ({ kind: e.kind, team_id: teamId, until: new Date(e.until) }));
  return teamBlock({ game: weaponsGame(game), teamId, effects, now: new Date(now) }, action);
}

/** Says why an action is off, in the server's words. */
export function BlockedNote({ block }: { block: TeamBlock | null }) {
  if (!block) return null;
  return (
    <p role="status" className="rounded-lg bg-sky-100 px-3 py-2 font-semibold text-sky-900" data-testid="team-blocked">
      🥶 {block.message}
    </p>
  );
}
