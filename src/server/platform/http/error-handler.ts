import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { codeForStatus } from '../../../shared/api/error-codes';
import { AppError } from '../errors';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, isInvalidInputForDatabase } from '../db/db-errors';
import { requestLanguage, translateFieldErrors, translateMessage } from '../i18n';

type ZodIssueLike = { path?: PropertyKey[]; instancePath?: string; message: string };

/** 422 `errors` keyed by field: `email`, or `meeting_time.hour` for nested ones. */
export function fieldErrors(issues: readonly ZodIssueLike[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path?.length ? issue.path.map(String).join('.') : issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') || '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Every message below in the caller's language (api-contract, "Languages"); English ones go out as written.
    const language = requestLanguage(request);
    const say = (message: string) => translateMessage(language, message);
    if (error instanceof AppError) {
      if (
        (error.statusCode === 423 || error.statusCode === 429 || error.statusCode === 503) &&
        'retryAfterSeconds' in error &&
        typeof error.retryAfterSeconds === 'number'
      ) {
        void reply.header('Retry-After', String(error.retryAfterSeconds));
      }
      const message = say(error.message);
      const body = error.errors ? { message, code: error.code, errors: translateFieldErrors(language, error.errors) } : { message, code: error.code };
      return reply.code(error.statusCode).send(error.statusCode >= 500 ? { ...body, request_id: request.id } : body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = translateFieldErrors(
        language,
        fieldErrors(error.validation.map((v) => ({ instancePath: v.instancePath, message: v.message ?? 'Invalid value' }))),
      );
      const first = Object.values(errors).flat()[0] ?? say('The given data was invalid.');
      return reply.code(422).send({ message: first, code: 'validation_failed', errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ message: say('Server Error'), code: 'server_error', request_id: request.id });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      void reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply
        .code(503)
        .send({ message: say('The service is temporarily unavailable. Please try again shortly.'), code: 'service_unavailable', request_id: request.id });
    }
    if (isInvalidInputForDatabase(error)) {
      request.log.warn({ err: error }, 'input the database cannot store');
      return reply.code(422).send({ message: say('The given data was invalid.'), code: 'validation_failed' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && status === 400)
          ? 'The request body is not valid JSON.'
          : error.message;
      return reply.code(status).send({ message: say(message), code: codeForStatus(status) });
    }
    request.log.error({ err: error }, 'unhandled error');
    // The id (also in X-Request-Id and on every log line of the request) lets an operator find what went wrong.
    return reply.code(500).send({ message: say('Server Error'), code: 'server_error', request_id: request.id });
  });
}
