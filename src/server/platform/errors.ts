import { codeForStatus, type ErrorCode } from '../../shared/api/error-codes';

/**
 * Typed application errors; platform/http/error-handler.ts maps them to HTTP in one place. `code` is the stable,
 * machine-readable kind sent beside the message (shared/api/error-codes.ts): the status's own unless told.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    code?: ErrorCode,
  ) {
    super(message);
    this.name = new.target.name;
    this.code = code ?? codeForStatus(statusCode);
  }
}

export class ValidationError extends AppError {
  constructor(errors: Record<string, string[]>, message?: string) {
    const first = Object.values(errors).flat()[0];
    super(422, message ?? first ?? 'The given data was invalid.', errors, 'validation_failed');
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, message, undefined, 'bad_request');
  }
}
export class UnauthenticatedError extends AppError {
  constructor(message = 'Unauthenticated', code: Extract<ErrorCode, 'unauthenticated' | 'invalid_credentials'> = 'unauthenticated') {
    super(401, message, undefined, code);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'This action is unauthorized.') {
    super(403, message, undefined, 'forbidden');
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message, undefined, 'not_found');
  }
}
export class ConflictError extends AppError {
  constructor(
    message: string,
    code: Extract<ErrorCode, 'conflict' | 'team_full' | 'game_full' | 'game_ended' | 'game_not_lobby' | 'game_not_live'> = 'conflict',
  ) {
    super(409, message, undefined, code);
  }
}
/**
 * A change the lifecycle (src/shared/lifecycle, docs/LIFECYCLE.md) does not allow now: a 409 with its code (outside
 * the start window, resume too late, a closed booking, a transition the state machine has not), or the 422 of a
 * missing precondition (no game, not paid: decision 0190), under the field `game` like before.
 */
export class TransitionError extends AppError {
  constructor(refusal: { status: 409 | 422; code: ErrorCode; message: string }) {
    super(refusal.status, refusal.message, refusal.status === 422 ? { game: [refusal.message] } : undefined, refusal.code);
  }
}
export class CsrfError extends AppError {
  constructor() {
    super(419, 'CSRF token mismatch', undefined, 'csrf_mismatch');
  }
}
export class TooManyRequestsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many requests. Please try again later.',
  ) {
    super(429, message, undefined, 'rate_limited');
  }
}
/** A team an Egg Strike froze may not act yet (shared/game/team-actions.ts): 423 and when to try again. */
export class TeamFrozenError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(423, message, undefined, 'team_frozen');
  }
}
export class ServiceUnavailableError extends AppError {
  constructor(message = 'The service is temporarily unavailable. Please try again shortly.') {
    super(503, message, undefined, 'service_unavailable');
  }
}
/**
 * This process is draining (SIGTERM): it takes no new long-lived work (an event stream). Nothing was done, so the
 * client, or the proxy in front, may try again at once on another process (decision 0366).
 */
export class DrainingError extends ServiceUnavailableError {
  constructor(readonly retryAfterSeconds = 1) {
    super('This server is restarting. Please try again.');
  }
}
/** An outside service (the payment provider) failed or refused: nothing of ours was changed. */
export class UpstreamError extends AppError {
  constructor(message: string) {
    super(502, message, undefined, 'upstream_failed');
  }
}
