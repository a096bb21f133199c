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
        return '(.+?)';
      })
      .join('');
    patterns.push({ key, pattern: new RegExp(`^${source}$`, 's'), names });
  }
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
