/**
 * Errors that mean the database is not there for us right now (not that the query was wrong): it cannot be reached,
 * it is shutting down or gone, or what the API needs from it (its database, schema or tables) is missing.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  '57P01', // admin_shutdown (also: the connection was terminated, e.g. its database was dropped)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '57P04', // database_dropped
  '3D000', // invalid_catalog_name: the database does not exist
  '3F000', // invalid_schema_name
  '42P01', // undefined_table: the API's tables are not there (dropped, or migrations not run)
  // A database that refuses us: it is not accepting connections (ALTER DATABASE … ALLOW_CONNECTIONS false, raised
  // as object_not_in_prerequisite_state), or our role lost its right to connect or to read the API's tables
  // (insufficient_privilege, after a REVOKE or a role change). Either way the service is down, not the request wrong.
  '55000', // object_not_in_prerequisite_state
  '42501', // insufficient_privilege
]);
/**
 * Whole classes: 08 connection exception, 28 invalid authorization (our login refused: a rotated password, a dropped
 * role, pg_hba), 53 insufficient resources (disk full, out of memory, too many connections).
 */
const UNAVAILABLE_CLASSES = ['08', '28', '53'];

/**
 * What every database 503 says in Retry-After: a failover or restart takes seconds, and the pool opens new connections
 * on the next request, so a client may come back soon rather than give up.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e !== 'object') return false;
    const code = 'code' in e ? e.code : undefined;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_CLASSES.includes(code.slice(0, 2))))) {
      return true;
    }
    const message = 'message' in e && typeof e.message === 'string' ? e.message : '';
    if (
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed/i.test(
        message,
      )
    ) {
      return true;
    }
    e = 'cause' in e ? e.cause : undefined;
  }
  return false;
}

/** Postgres unique_violation, for turning races into clean 409s. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e !== 'object') return false;
    if ('code' in e && e.code === '23505') return true;
    e = 'cause' in e ? e.cause : undefined;
  }
  return false;
}

/**
 * Errors PostgreSQL raises for a value it cannot store or compare (a NUL character, a number beyond
 * the column, a text too long for an index): the input was bad, not the server. Schemas should refuse
 * these first; this keeps a value that slips through from turning into a 500.
 */
const BAD_INPUT_CODES = new Set([
  '22001', // string_data_right_truncation
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22021', // character_not_in_repertoire (e.g. a NUL byte in text)
  '22P02', // invalid_text_representation
  '22P05', // untranslatable_character
  '54000', // program_limit_exceeded (e.g. an index row too large)
]);

export function isInvalidInputForDatabase(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e !== 'object') return false;
    if ('code' in e && typeof e.code === 'string' && BAD_INPUT_CODES.has(e.code)) return true;
    e = 'cause' in e ? e.cause : undefined;
  }
  return false;
}
