import { activeEffects, type Effect, type WeaponsGame } from './items';

/**
 * May this team do X now? One rule for the server (which refuses, 423 `team_frozen`) and the player app (which
 * disables the action and says the same thing). Decision 0241.
 *
 * An Egg Strike freezes a team: until the freeze ends it cannot send submissions, pick up or use items, or claim the
 * Chicken (shared/game/items.ts tells players so in the item's description). Sending positions, reading the map and
 * the leaderboard stay open: a frozen team still moves and watches.
 */
/**
 * The actions a freeze refuses, each with its refusal as the team reads it: for one second, and for `{seconds}`. Whole
 * English sentences, so that each is the key of its translation in the messages catalogue (shared/i18n/<lang>/
 * messages.json, decision 0590) and the server's 423 reaches a player in their own language.
 */
export const TEAM_ACTIONS = {
  submit: {
    one: 'Your team is frozen by an Egg Strike: you cannot send submissions for 1 more second.',
    other: 'Your team is frozen by an Egg Strike: you cannot send submissions for {seconds} more seconds.',
  },
  pick_up: {
    one: 'Your team is frozen by an Egg Strike: you cannot pick up items for 1 more second.',
    other: 'Your team is frozen by an Egg Strike: you cannot pick up items for {seconds} more seconds.',
  },
  use_item: {
    one: 'Your team is frozen by an Egg Strike: you cannot use items for 1 more second.',
    other: 'Your team is frozen by an Egg Strike: you cannot use items for {seconds} more seconds.',
  },
  claim_chicken: {
    one: 'Your team is frozen by an Egg Strike: you cannot claim the Chicken for 1 more second.',
    other: 'Your team is frozen by an Egg Strike: you cannot claim the Chicken for {seconds} more seconds.',
  },
} as const;
export type TeamAction = keyof typeof TEAM_ACTIONS;

export type TeamBlock = { reason: 'frozen'; until: Date; seconds: number; message: string };

export type TeamState = { game: WeaponsGame; teamId: number; effects: readonly Effect[]; now: Date };

/** Whole seconds left until `until`, at least 1 while it holds. */
export function secondsLeft(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

export function frozenMessage(action: TeamAction, until: Date, now: Date): string {
  const seconds = secondsLeft(until, now);
  const { one, other } = TEAM_ACTIONS[action];
  return seconds === 1 ? one : other.replace('{seconds}', String(seconds));
}

/** Why the team may not do `action` now (and until when), or null when it may. */
export function teamBlock(state: TeamState, action: TeamAction): TeamBlock | null {
  const frozen = activeEffects(state.game, state.effects, state.now)
    .filter((e) => e.kind === 'frozen' && e.team_id === state.teamId)
    .sort((a, b) => b.until.getTime() - a.until.getTime())[0];
  if (!frozen) return null;
  return { reason: 'frozen', until: frozen.until, seconds: secondsLeft(frozen.until, state.now), message: frozenMessage(action, frozen.until, state.now) };
}
