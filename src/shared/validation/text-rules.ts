import { z } from 'zod';

/** The one message for text PostgreSQL cannot store. */
export const NUL_MESSAGE = 'Text may not contain NUL characters';

/** PostgreSQL text cannot hold NUL characters: refuse them as input instead of failing in the database. */
export const hasNoNul = (value: string): boolean => !value.includes('\u0000');

/**
 * A one-line field (a name, a city, a phone, an address, a code) holds no line break nor any other control character
 * (issue 36: a city with CR/LF showed up as forged header-like lines in a mail body). Refused with a 422 rather than
 * quietly changed, so what is stored is what the person sees they typed; multi-line fields (notes, descriptions,
 * messages) keep their newlines and do not use this. Checked after the trim, so a pasted trailing newline is fine.
 */
export const ONE_LINE_MESSAGE = 'Please keep this to one line: line breaks and other control characters cannot be used';
// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
export const isOneLine = (value: string): boolean => !CONTROL_CHARACTERS.test(value);

/**
 * A list's free-text filter (a search, a payment type), trimmed and bounded. A list and its CSV export take the same
 * filter schema, so a value the list refuses with 422 is refused by the export too, before any byte is streamed: an
 * export cannot answer an error once its download has begun.
 */
export const filterText = (max: number) => z.string().trim().max(max).refine(hasNoNul, NUL_MESSAGE).optional();
