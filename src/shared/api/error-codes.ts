/**
 * The machine-readable `code` every error answer carries beside its `message` (decision 0211). Clients branch on
 * the code, never on the text. No zod here: the wizard's first chunk reads these without loading it.
 */
export const ERROR_CODES = [
  'bad_request',
  'unauthenticated',
  'invalid_credentials',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_kind',
  'csrf_mismatch',
  'validation_failed',
  'locked',
  'rate_limited',
  'server_error',
  'upstream_failed',
  'service_unavailable',
  // The live game (issue 13): the player app branches on these.
  'team_full',
  'game_full',
  'game_ended',
  'game_not_lobby',
  'game_not_live',
  'too_fast',
  // The lifecycle (issue 19, docs/LIFECYCLE.md): a transition the state machine refuses.
  'transition_not_allowed',
  'outside_start_window',
  'resume_window_over',
  'booking_closed',
  // An Egg Strike froze the team (423, shared/game/team-actions.ts): the player app waits, then tries again.
  'team_frozen',
  // A question about the Chicken refused, nothing charged (409, shared/game/questions.ts): why, for the phone to say.
  'asker_no_fix',
  'chicken_no_fix',
  'no_previous_ask',
  'not_moved',
  'no_points',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_kind',
  419: 'csrf_mismatch',
  422: 'validation_failed',
  423: 'locked',
  429: 'rate_limited',
  502: 'upstream_failed',
  503: 'service_unavailable',
};

/** The general code of an HTTP error status; specific codes (such as 'invalid_credentials') are set where thrown. */
export function codeForStatus(status: number): ErrorCode {
  return BY_STATUS[status] ?? (status >= 400 && status < 500 ? 'bad_request' : 'server_error');
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
