import { IntlMessageFormat } from 'intl-messageformat';

/** One catalogue: message key → ICU message (plurals, selects, `{name}` variables). */
export type Catalogue = Readonly<Record<string, string>>;
export type MessageValues = Record<string, string | number | Date>;

// Parsing an ICU message is the costly part and the same few hundred messages come back: parse each once per locale.
const compiled = new Map<string, IntlMessageFormat>();
const COMPILED_MAX = 5_000;

/**
 * An ICU message written out for a locale (FormatJS's intl-messageformat, decision 0590). A message that cannot be
 * parsed is shown as written rather than breaking the page or the mail: a translator's typo costs a sentence's polish,
 * never the booking.
 */
export function formatMessage(locale: string, message: string, values?: MessageValues): string {
  if (!message.includes('{')) return message;
  const key = `${locale}\u0000${message}`;
  let format = compiled.get(key);
  if (!format) {
    try {
      format = new IntlMessageFormat(message, locale);
    } catch {
      return message;
    }
    if (compiled.size >= COMPILED_MAX) compiled.clear();
    compiled.set(key, format);
  }
  try {
    const out = format.format(values ?? {});
    return typeof out === 'string' ? out : String(out);
  } catch {
    return message;
  }
}
