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

const INVALID_ID = 'Please enter a valid id';
/**
 * A row id, in a path or a query: a positive integer up to what an integer column holds, written as plain decimal
 * digits. `z.coerce.number()` took `1.0`, `0x1`, `+1`, `1e0` and ` 1` as the row 1 (issue 28), so one spelling of an id
 * named several URLs; anything else is invalid input (422, like every other bad parameter), never a look-up. A number
 * is taken as it is (the web client's typed params).
 */
export const idSchema = z
  .union([z.number().int(INVALID_ID), z.string().regex(/^[1-9][0-9]{0,9}$/, INVALID_ID)], { error: INVALID_ID })
  .transform(Number)
  .pipe(z.number().positive(INVALID_ID).max(2_147_483_647, INVALID_ID));

export const idParam = z.object({ id: idSchema });

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
