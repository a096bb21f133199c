import type { Catalogue, MessageValues } from './format';

/**
 * The server's messages (422 field messages, refusals, 404s) are written in English where each rule lives, and the
 * spec checks that English verbatim. The messages catalogue (src/shared/i18n/<lang>/messages.json) is keyed by that
 * English, gettext-style: a key is the English sentence with `{name}` where it carries a value ("Please use at most
 * {max} characters"), and the value is the translation (ICU). Translating is matching the English against the keys.
 */

type CompiledKey = { key: string; pattern: RegExp; names: string[] };
const compiledKeys = new WeakMap<Catalogue, { exact: Map<string, string>; patterns: CompiledKey[] }>();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compile(catalogue: Catalogue) {
  let compiled = compiledKeys.get(catalogue);
  if (compiled) return compiled;
  const exact = new Map<string, string>();
  const patterns: CompiledKey[] = [];
  for (const key of Object.keys(catalogue)) {
    if (!/\{\w+\}/.test(key)) {
      exact.set(key, key);
      continue;
    }
    const names: string[] = [];
    const source = key
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return escapeRegExp(part);
        names.push(name);
        // An email address has no spaces: the sentence's other values may ('Mail: Balance overdue notice to staff to a@b.test').
        return name === 'email' ? '(\\S+)' : '(.+?)';
      })
      .join('');
    patterns.push({ key, pattern: new RegExp(`^${source}$`, 's'), names });
  }
  // The most specific shape first, whatever the catalogue's order: the one with more fixed text ('Changed the lead
  // status to {status}') before a looser one it also fits ('Changed {fields}'), a sentence with a note before the same
  // sentence without. Stable, so shapes of equal fixed length keep the catalogue's order.
  const fixedLength = (key: string) => key.replace(/\{\w+\}/g, '').length;
  patterns.sort((a, b) => fixedLength(b.key) - fixedLength(a.key));
  compiled = { exact, patterns };
  compiledKeys.set(catalogue, compiled);
  return compiled;
}

/** The catalogue's entry for an English message and the values read out of it; null when it has none. */
export function matchMessage(catalogue: Catalogue, english: string): { message: string; values: MessageValues } | null {
  const { exact, patterns } = compile(catalogue);
  if (exact.has(english)) {
    const message = catalogue[english];
    return message ? { message, values: {} } : null;
  }
  for (const { key, pattern, names } of patterns) {
    const found = pattern.exec(english);
    if (!found) continue;
    const message = catalogue[key];
    if (!message) return null;
    const values: MessageValues = {};
    names.forEach((name, i) => {
      const raw = found[i + 1] ?? '';
      // A number read back as a number, so plurals in the translation choose by it.
      values[name] = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
    });
    return { message, values };
  }
  return null;
}

/**
 * Values that are fixed words themselves: a mail's kind ('Booking confirmation'), a status, a question's answer ('Yes').
 * The catalogue's own entry for such a word is its translation; free text (a name, an address, a note) stays as written.
 * A word the sentence writes in lower case ('a bank transfer payment') is looked up as the label it is ('Bank transfer').
 */
const WORD_VALUES = new Set(['kind', 'status', 'answer', 'method']);
/**
 * Values that are a list of such words in English: sections joined with 'and' ('Teams, Chicken and Host'), joined
 * again in the locale; a booker's changed fields joined with commas ('date and time, players'), kept so.
 */
const LIST_VALUES = new Set(['sections', 'otherSections']);
const COMMA_LIST_VALUES = new Set(['fields']);

function labelOf(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * A fixed word or label ('Meeting point', 'Paid') in the catalogue's language: its exact entry only, never a template,
 * so free text that happens to look like a sentence of the catalogue's ('Changed my mind') stays as written.
 */
export function translateWord(catalogue: Catalogue, word: string): string {
  const { exact } = compile(catalogue);
  return exact.has(word) ? catalogue[word] || word : word;
}

/** A sentence's word value: as written, else as the label it is ('bank transfer' → 'Bank transfer'). */
function translateValueWord(catalogue: Catalogue, word: string): string {
  const { exact } = compile(catalogue);
  if (exact.has(word)) return catalogue[word] || word;
  const label = labelOf(word);
  return exact.has(label) ? catalogue[label] || word : word;
}

/** A matched message's values with its fixed words in the catalogue's language (see WORD_VALUES, LIST_VALUES). */
export function translateValues(catalogue: Catalogue, values: MessageValues, locale: string): MessageValues {
  const out: MessageValues = { ...values };
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== 'string') continue;
    if (WORD_VALUES.has(name)) out[name] = translateValueWord(catalogue, value);
    else if (LIST_VALUES.has(name)) {
      const items = value.split(/, | and /).map((item) => translateValueWord(catalogue, item));
      out[name] = new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
    } else if (COMMA_LIST_VALUES.has(name)) {
      out[name] = value
        .split(', ')
        .map((item) => translateValueWord(catalogue, item))
        .join(', ');
    }
  }
  return out;
}
