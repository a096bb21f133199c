/**
 * Who may trigger a transition of a booking or a game (docs/LIFECYCLE.md).
 * - booker: the organiser (their session, booking code or management key)
 * - player: someone with the game code on the players' app
 * - staff: a logged-in admin
 * - host: a logged-in host running a game assigned to them (which game is theirs is checked by the host routes)
 * - system: the server on its own or for an outside party: the payment provider's webhook, fixtures, demo data
 * - ticker: the timer every process runs (a game's booked duration running out)
 */
export const TRIGGERS = ['booker', 'player', 'staff', 'host', 'system', 'ticker'] as const;
export type Trigger = (typeof TRIGGERS)[number];

/** A refusal of a transition: the stable code the client branches on (shared/api/error-codes.ts) and the sentence a person reads. */
export type Refusal = { code: 'transition_not_allowed' | 'booking_closed'; message: string };
