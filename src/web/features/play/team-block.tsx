import { useQuery } from '@tanstack/react-query';
import type { PublicGame } from '../../../shared/api/play';
import { teamBlock, type TeamAction, type TeamBlock } from '../../../shared/game/team-actions';
import { useNow } from '../../components/live-map/live-game-ui';
import { useT } from '../../lib/i18n';
import { fetchBackpack, huntKeys, weaponsGame, weaponsOn } from './hunt-api';

/**
 * Whether the player's team may do `action` now, by the rule the server enforces (shared/game/team-actions.ts,
 * decision 0241): the team's effects come with its Backpack (refetched when an Egg Strike lands), and the answer
 * follows the clock, so a frozen action turns back on when the freeze ends.
 */
export function useTeamBlock(code: string, token: string, game: PublicGame, teamId: number | null, action: TeamAction): PlayerBlock | null {
  const on = teamId !== null && game.status === 'live' && weaponsOn(game);
  const backpack = useQuery({ queryKey: huntKeys.backpack(code), queryFn: () => fetchBackpack(code, token), enabled: on, refetchInterval: 15_000 });
  const now = useNow();
  if (!on || teamId === null || !backpack.data) return null;
  const effects = backpack.data.effects.map((e) => ({ kind: e.kind, team_id: teamId, until: new Date(e.until) }));
  const block = teamBlock({ game: weaponsGame(game), teamId, effects, now: new Date(now) }, action);
  return block ? { ...block, action } : null;
}

/** A block and the action it stops, so the phone can say it in the player's words. */
export type PlayerBlock = TeamBlock & { action: TeamAction };

const FROZEN_KEYS = {
  submit: 'frozenSubmit',
  pick_up: 'frozenPickUp',
  use_item: 'frozenUseItem',
  claim_chicken: 'frozenClaim',
} as const satisfies Record<TeamAction, string>;

/** The rule's sentence (shared/game/team-actions.ts) in the reader's words, counting the seconds left. */
export function useBlockText(): (block: PlayerBlock) => string {
  const t = useT('play');
  return (block) => t(FROZEN_KEYS[block.action], { seconds: block.seconds });
}

/** Says why an action is off: the rule the server enforces, in the player's language. */
export function BlockedNote({ block }: { block: PlayerBlock | null }) {
  const text = useBlockText();
  if (!block) return null;
  return (
    <p role="status" className="rounded-lg bg-sky-100 px-3 py-2 font-semibold text-sky-900" data-testid="team-blocked">
      🥶 {text(block)}
    </p>
  );
}
