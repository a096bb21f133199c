import { GAME_MESSAGES } from '../game/teams';
import { hasPaid } from './booking-states';
import type { GameState, LifecycleRefusal } from './game-states';

/**
 * When players may join a game (issue 28): one rule for the server's join call and the organiser page's words. A game
 * is open to players from its payment until it ends. The organiser's activation is not asked for: it tells staff and
 * the host that the set-up is final (the staff list's "Unactivated" filter), and a forgotten click must not keep a
 * group out on the day (docs/decisions/0330-joining-without-activation.md).
 */
export type JoinFacts = { bookingStatus: string; state: GameState };

export function joinRefusal(f: JoinFacts): LifecycleRefusal | null {
  if (!hasPaid(f.bookingStatus)) return { status: 409, code: 'conflict', message: GAME_MESSAGES.gameNotPaid };
  if (f.state === 'ended') return { status: 409, code: 'game_ended', message: GAME_MESSAGES.gameEnded };
  return null;
}

/** The organiser page's line on joining, from the same rule. */
export function joinStatusText(f: JoinFacts, code: string): string {
  const refusal = joinRefusal(f);
  if (!refusal) return `Players can join now with the game code ${code} or the join link; activating is not needed for that.`;
  if (refusal.code === 'game_ended') return 'The game is over: no one can join any more.';
  return 'Players can join once the game is paid.';
}
