import { z } from 'zod';

/** The one message for text PostgreSQL cannot store. */
export const NUL_MESSAGE = 'Text may not contain NUL characters';

/** PostgreSQL text cannot hold NUL characters: refuse them as input instead of failing in the database. */
export const hasNoNul = (value: string): boolean => !value.includes('\u0000');

/**
 * A list's free-text filter (a search, a payment type), trimmed and bounded. A list and its CSV export take the same
 * filter schema, so a value the list refuses with 422 is refused by the export too, before any byte is streamed: an
 * export cannot answer an error once its download has begun.
 */
export const filterText = (max: number) => z.string().trim().max(max).refine(hasNoNul, NUL_MESSAGE).optional();
