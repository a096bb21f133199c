/** Typed application errors; plugins/error-handler.ts maps them to HTTP in one place. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(errors: Record<string, string[]>, message?: string) {
    const first = Object.values(errors).flat()[0];
    super(422, message ?? first ?? 'The given data was invalid.', errors);
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}
export class UnauthenticatedError extends AppError {
  constructor(message = 'Unauthenticated') {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'This action is unauthorized.') {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export class CsrfError extends AppError {
  constructor() {
    super(419, 'CSRF token mismatch');
  }
}
export class TooManyRequestsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many requests. Please try again later.',
  ) {
    super(429, message);
  }
}
export class ServiceUnavailableError extends AppError {
  constructor(message = 'The service is temporarily unavailable. Please try again shortly.') {
    super(503, message);
  }
}
