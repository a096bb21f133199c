import { describe, expect, it } from 'vitest';
import { matchMessage } from './message-match';
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

  it('writes a broken translation as it stands rather than failing', () => {
    expect(formatMessage('de-DE', 'Kaputt {n, plural,', { n: 1 })).toBe('Kaputt {n, plural,');
  });
});
