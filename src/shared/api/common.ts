import { z } from 'zod';
import { ERROR_CODES } from './error-codes';

/**
 * Every error answer: `{message, code}`, plus `errors` per field for invalid input (422), and on a 5xx the
 * `request_id` its log lines carry (also in X-Request-Id), for an operator to find them.
 */
export const errorResponse = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  request_id: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const paginationSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** Standard error answers, to spread into a route's response schemas. */
export const errorResponses = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  419: errorResponse,
  422: errorResponse,
  429: errorResponse,
  503: errorResponse,
} as const;
