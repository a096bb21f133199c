import { z } from 'zod';

/**
 * Decoders for what a json subselect hands back (`json_agg`, `json_build_array`), so a value read that way is the
 * value a plain select of the column gives.
 */

/** Both drivers parse json columns; text is accepted too, in case a driver hands it over unparsed. */
export const jsonColumn = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' ? JSON.parse(v) : v), schema);

/** A timestamptz inside json: ISO 8601 with its offset, read as a Date. */
export const jsonTimestamp = z.string().transform((v) => new Date(v));
