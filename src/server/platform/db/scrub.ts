import { sql, type SQL, type AnyColumn } from 'drizzle-orm';

/**
 * Replacing a person's strings (an email, names) inside free text and JSON, case-insensitively and on word boundaries,
 * for an erasure (decision 0570). Knows no table: the domains name their own columns.
 */
export type ScrubPattern = { regex: string; replacement: string } | null;

const escapeRegex = (text: string) => text.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A PostgreSQL regular expression for these strings (null when none is long enough to be safely matched). */
export function scrubPattern(strings: readonly string[], replacement: string): ScrubPattern {
  // A quote or backslash would be escaped inside JSON text, so such a string is matched in plain text only; two
  // characters or fewer would match inside unrelated words.
  const usable = [...new Set(strings.map((s) => s.trim()).filter((s) => s.length >= 3 && !/["\\]/.test(s)))];
  if (usable.length === 0) return null;
  // Longest first, so an email is replaced whole before a name inside it.
  usable.sort((a, b) => b.length - a.length);
  // A word boundary only at an end that is a word character ('+44 …' starts with none).
  const bounded = (text: string) => `${/^\w/.test(text) ? '\\y' : ''}${escapeRegex(text)}${/\w$/.test(text) ? '\\y' : ''}`;
  return { regex: `(${usable.map(bounded).join('|')})`, replacement };
}

/** `column` with the strings replaced (text). */
export function scrubText(column: AnyColumn | SQL, pattern: NonNullable<ScrubPattern>): SQL {
  return sql`regexp_replace(${column}, ${pattern.regex}, ${pattern.replacement}, 'gi')`;
}

/** `column` with the strings replaced inside its JSON text (jsonb). */
export function scrubJson(column: AnyColumn | SQL, pattern: NonNullable<ScrubPattern>): SQL {
  return sql`regexp_replace(${column}::text, ${pattern.regex}, ${pattern.replacement}, 'gi')::jsonb`;
}

/** Whether `column` holds any of the strings. */
export function holds(column: AnyColumn | SQL, pattern: NonNullable<ScrubPattern>, json = false): SQL {
  return json ? sql`${column}::text ~* ${pattern.regex}` : sql`${column} ~* ${pattern.regex}`;
}
