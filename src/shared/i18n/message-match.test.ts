import { describe, expect, it } from 'vitest';
import { matchMessage, translateValues, translateWord } from './message-match';
import { formatMessage } from './format';

describe('an English message matched against its catalogue', () => {
  const catalogue = {
    'Game not found': 'Spiel nicht gefunden',
    'Please use at most {max} characters': 'Bitte verwenden Sie höchstens {max} Zeichen',
    'This code needs at least {n} players.': '{n, plural, one {Ab # Spieler.} other {Ab # Spielern.}}',
  };

  it('finds a sentence as it is, and one with a value, reading the value back (a number as a number)', () => {
    expect(matchMessage(catalogue, 'Game not found')).toEqual({ message: 'Spiel nicht gefunden', values: {} });
    expect(matchMessage(catalogue, 'Please use at most 40 characters')).toEqual({
      message: 'Bitte verwenden Sie höchstens {max} Zeichen',
      values: { max: 40 },
    });
    const found = matchMessage(catalogue, 'This code needs at least 1 players.');
    expect(found && formatMessage('de-DE', found.message, found.values)).toBe('Ab 1 Spieler.');
  });

  it('has no entry for a message it does not know', () => {
    expect(matchMessage(catalogue, 'Something else')).toBeNull();
    expect(matchMessage(catalogue, 'Please use at most 40 characters, please')).toBeNull();
  });

  it('prefers the most specific shape, whatever the catalogue’s order', () => {
    // The looser shape first in the file: the one with more fixed text still wins where both fit.
    const loose = {
      'Changed {fields}': 'Geändert: {fields}',
      'Changed the lead status to {status}': 'Lead-Status geändert in {status}',
      'Unavailable from {start} to {end}': 'Nicht verfügbar von {start} bis {end}',
      'Unavailable from {start} to {end}: {note}': 'Nicht verfügbar von {start} bis {end}: {note}',
    };
    expect(matchMessage(loose, 'Changed the lead status to won')).toEqual({ message: 'Lead-Status geändert in {status}', values: { status: 'won' } });
    expect(matchMessage(loose, 'Changed date and time, players')).toEqual({ message: 'Geändert: {fields}', values: { fields: 'date and time, players' } });
    expect(matchMessage(loose, 'Unavailable from 9 to 5: dentist')?.values).toEqual({ start: 9, end: 5, note: 'dentist' });
  });

  it('writes a broken translation as it stands rather than failing', () => {
    expect(formatMessage('de-DE', 'Kaputt {n, plural,', { n: 1 })).toBe('Kaputt {n, plural,');
  });
});

describe('a sentence whose values are fixed words or an email address', () => {
  const catalogue = {
    'Booking confirmation': 'Buchungsbestätigung',
    'Balance overdue notice to staff': 'Hinweis an das Team: Restzahlung überfällig',
    Teams: 'Teams',
    Host: 'Spielleitung',
    'Game area': 'Spielgebiet',
    'Mail: {kind} to {email}': 'Mail: {kind} an {email}',
    'Locked {sections}; unlocked {otherSections}': 'Gesperrt: {sections}; entsperrt: {otherSections}',
    'Locked {sections}': 'Gesperrt: {sections}',
    'Assigned {name} as host': 'Spielleitung zugewiesen: {name}',
  };
  const translate = (english: string) => {
    const found = matchMessage(catalogue, english);
    return found && formatMessage('de-DE', found.message, translateValues(catalogue, found.values, 'de-DE'));
  };

  it('reads an email address as one word, so a mail’s kind may hold " to "', () => {
    expect(matchMessage(catalogue, 'Mail: Balance overdue notice to staff to a@b.test')?.values).toEqual({
      kind: 'Balance overdue notice to staff',
      email: 'a@b.test',
    });
    expect(translate('Mail: Balance overdue notice to staff to a@b.test')).toBe('Mail: Hinweis an das Team: Restzahlung überfällig an a@b.test');
  });

  it('translates a word value and each word of a list value, joined in the locale; free text stays as written', () => {
    expect(translate('Mail: Booking confirmation to a@b.test')).toBe('Mail: Buchungsbestätigung an a@b.test');
    expect(translate('Locked Teams, Game area and Host; unlocked Chicken')).toBe('Gesperrt: Teams, Spielgebiet und Spielleitung; entsperrt: Chicken');
    expect(translate('Locked Teams')).toBe('Gesperrt: Teams');
    // A name is not a word of the catalogue's, even when it spells one.
    expect(translate('Assigned Host as host')).toBe('Spielleitung zugewiesen: Host');
  });

  it('looks a word the sentence writes in lower case up as its label, and keeps a comma list’s commas', () => {
    const words = { 'Bank transfer': 'Überweisung', 'Date and time': 'Datum und Uhrzeit', Players: 'Spieler' };
    expect(translateValues(words, { method: 'bank transfer', fields: 'date and time, players, colour', name: 'players' }, 'de-DE')).toEqual({
      method: 'Überweisung',
      fields: 'Datum und Uhrzeit, Spieler, colour',
      name: 'players',
    });
    // A changed field's name or value is looked up exactly as written.
    expect(translateWord(words, 'bank transfer')).toBe('bank transfer');
    expect(translateWord(words, 'Players')).toBe('Spieler');
  });
});
