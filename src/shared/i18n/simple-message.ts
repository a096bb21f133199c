import type { MessageValues } from './format';

/**
 * The fast path beside the ICU engine (intl-messageformat, format.ts: a lazy chunk in the app, src/web/lib/i18n.tsx): a plain message, or one with
 * `{name}` values only, is written out here without the parser. Null when the message needs the engine (a plural, a
 * select, a number style, or an apostrophe that quotes).
 *
 * ICU reads an apostrophe as a quote only before a character with a meaning (`{`, `}`, `#`, `|`, a tag's `<` `>`) or
 * another apostrophe; anywhere else ("Let's", "the game's time zone") it is the letter itself, so such a message stays
 * on the fast path and a page that shows it need not wait for the engine.
 */
const TEXT = "(?:[^{}']|'(?![{}'#|<>]))*";
const SIMPLE = new RegExp(`^${TEXT}(?:\\{\\w+\\}${TEXT})*$`);

export function formatSimpleMessage(message: string, values?: MessageValues): string | null {
  // As the engine does: a message without a value is shown as written.
  if (!message.includes('{')) return message;
  if (!SIMPLE.test(message)) return null;
  let dated = false;
  const text = message.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values?.[name];
    if (value === undefined) return whole;
    if (value instanceof Date) dated = true;
    // As intl-messageformat writes a simple argument: the value as text, a number without grouping ("1200").
    return String(value);
  });
  // A date in a simple argument is the engine's to write.
  return dated ? null : text;
}
