import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMessage } from './format';
import { localeOf, type Language } from './languages';
import { formatSimpleMessage } from './simple-message';

const root = path.resolve(import.meta.dirname, '../../..');

/** Every message of every catalogue, web areas and the shared messages, with the locale it is read in. */
function catalogueMessages(): { where: string; locale: string; message: string }[] {
  const out: { where: string; locale: string; message: string }[] = [];
  const add = (dir: string, language: string) => {
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
      const catalogue: Record<string, string> = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
      for (const [key, message] of Object.entries(catalogue))
        out.push({ where: `${language}/${file}:${key}`, locale: localeOf(language as Language), message });
    }
  };
  for (const language of readdirSync(path.join(root, 'src/web/i18n'))) add(path.join(root, 'src/web/i18n', language), language);
  for (const language of readdirSync(path.join(root, 'src/shared/i18n')).filter((name) => !name.includes('.')))
    add(path.join(root, 'src/shared/i18n', language), language);
  return out;
}

/** A value for each `{name}` of a message: a number for a count, text otherwise. */
function sampleValues(message: string): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [, name = ''] of message.matchAll(/\{(\w+)/g)) values[name] = /count|players|number|total|minutes|hours|days/i.test(name) ? 1234 : `«${name}»`;
  return values;
}

describe('the fast path beside the ICU engine', () => {
  it('writes every catalogue message it takes exactly as the engine does, and takes the apostrophes of plain words', () => {
    const messages = catalogueMessages();
    expect(messages.length).toBeGreaterThan(1000);
    let taken = 0;
    for (const { where, locale, message } of messages) {
      const values = sampleValues(message);
      const fast = formatSimpleMessage(message, values);
      if (fast === null) continue;
      taken++;
      expect({ where, text: fast }).toEqual({ where, text: formatMessage(locale, message, values) });
    }
    expect(taken).toBeGreaterThan(messages.length * 0.8);
  });

  it('leaves a plural, a select and a quoting apostrophe to the engine', () => {
    expect(formatSimpleMessage('{n, plural, one {# player} other {# players}}', { n: 2 })).toBeNull();
    expect(formatSimpleMessage('{kind, select, a {A} other {B}}', { kind: 'a' })).toBeNull();
    expect(formatSimpleMessage("Write '{name}' as it is", { name: 'x' })).toBeNull();
    expect(formatSimpleMessage("It''s {name}", { name: 'x' })).toBeNull();
  });

  it("reads the game's time zone without the engine, as the engine would", () => {
    const message = "({zone}, the game's time zone)";
    expect(formatSimpleMessage(message, { zone: 'Europe/London' })).toBe("(Europe/London, the game's time zone)");
    expect(formatMessage('en', message, { zone: 'Europe/London' })).toBe("(Europe/London, the game's time zone)");
    expect(formatSimpleMessage('Für {count} Personen', { count: 1200 })).toBe(formatMessage('de-DE', 'Für {count} Personen', { count: 1200 }));
  });
});
