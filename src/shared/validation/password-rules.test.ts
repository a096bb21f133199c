import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, passwordProblem } from './password-rules';

// 1024 characters that do not repeat: the words counted in base 7, so no run of them comes back.
const LONG = Array.from({ length: 200 }, (_, i) => `${['owl', 'fig', 'kelp', 'moth', 'rye', 'jade', 'yak'][i % 7]}${i.toString(7)}`)
  .join('-')
  .slice(0, 1024);

describe('passwordProblem', () => {
  it('accepts a long, uncommon password or passphrase, with no composition rules', () => {
    expect(passwordProblem('correct horse battery staple')).toBeNull();
    expect(passwordProblem('green-lantern-owl-7')).toBeNull();
    expect(passwordProblem('lowercaseonlybutlong')).toBeNull();
    expect(passwordProblem('tR7#kLp2vX')).toBeNull();
  });

  it('accepts passwords of at least 64 characters, up to 1024', () => {
    expect(passwordProblem('my long passphrase '.repeat(4))).toBeNull();
    expect(passwordProblem(LONG)).toBeNull();
    expect(passwordProblem(LONG + 'x')).toBe(PASSWORD_MESSAGES.tooLong);
  });

  it('refuses fewer than 8 characters, counting characters as people do', () => {
    expect(passwordProblem('')).toBe(PASSWORD_MESSAGES.required);
    expect(passwordProblem('Zq9!xW2')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('🐔🐔🐔🐔🐣🐣🐣')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('🐔🐔🐔🐔🐣🐣🐣🐥')).toBeNull();
  });

  it('refuses a password of only spaces or other blanks', () => {
    expect(passwordProblem('        ')).toBe(PASSWORD_MESSAGES.blank);
    expect(passwordProblem(' \t \n    ')).toBe(PASSWORD_MESSAGES.blank);
  });

  it('refuses common and breached passwords, whatever their case', () => {
    for (const p of ['password', 'PASSWORD', 'Password', '12345678', 'qwertyuiop', 'iloveyou', 'password1', 'trustno1', ' password ']) {
      expect({ p, problem: passwordProblem(p) }).toEqual({ p, problem: PASSWORD_MESSAGES.common });
    }
  });

  it('refuses one character repeated and the name of this service', () => {
    expect(passwordProblem('aaaaaaaaaaaa')).toBe(PASSWORD_MESSAGES.common);
    for (const p of ['hatch-hatch', 'hatchpassword', 'Hatch2024!', 'chickenhunt', 'hatchgame123']) {
      expect({ p, problem: passwordProblem(p) }).toEqual({ p, problem: PASSWORD_MESSAGES.common });
    }
    expect(passwordProblem('hatching velvet orbit')).toBeNull();
  });

  it("refuses the user's email, or its name part, in the password", () => {
    const email = 'nina.new@example.test';
    expect(passwordProblem('nina.new@example.test', email)).toBe(PASSWORD_MESSAGES.containsEmail);
    expect(passwordProblem('NINA.NEW@EXAMPLE.TEST', email)).toBe(PASSWORD_MESSAGES.containsEmail);
    expect(passwordProblem('nina.new', email)).toBe(PASSWORD_MESSAGES.containsEmail);
    expect(passwordProblem('nina.new2024!', email)).toBe(PASSWORD_MESSAGES.containsEmail);
    expect(passwordProblem('my nina.new@example.test pass', email)).toBe(PASSWORD_MESSAGES.containsEmail);
    // A very short name part alone is not a reason to refuse an otherwise good password.
    expect(passwordProblem('jolly green giraffe', 'jo@example.test')).toBeNull();
    expect(passwordProblem('jo@example.test', 'jo@example.test')).toBe(PASSWORD_MESSAGES.containsEmail);
  });

  it('refuses the name part only where it is the password, not where it is one word among others (issue 28, decision 0340)', () => {
    const email = 'boss@example.com';
    // A passphrase that happens to hold the word "boss" is the user's own good password.
    expect(passwordProblem('Brand-New-Boss-2026', email)).toBeNull();
    expect(passwordProblem('the boss of velvet harbours', email)).toBeNull();
    // The address, anywhere, and the name part with only digits, symbols or a common password around it are refused.
    for (const p of [
      'boss@example.com',
      'BOSS@EXAMPLE.COM!',
      'xboss@example.com2026',
      'Boss2026!',
      '!!boss!!2026',
      'b.o.s.s-1234',
      'bosspassword',
      'password-boss',
    ]) {
      expect({ p, problem: passwordProblem(p, email) }).toEqual({ p, problem: PASSWORD_MESSAGES.containsEmail });
    }
    // A long name part inside other words is one word among them too; alone with a year it is refused.
    expect(passwordProblem('nina.new paints velvet harbours', 'nina.new@example.test')).toBeNull();
    expect(passwordProblem('NinaNew-1990', 'nina.new@example.test')).toBe(PASSWORD_MESSAGES.containsEmail);
  });

  it('refuses what a strength estimate finds easy to guess, saying why (decision 0182)', () => {
    expect(passwordProblem('abcdefgh')).toBe(PASSWORD_MESSAGES.weakSequence);
    expect(passwordProblem('Passw0rd!')).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem('Summer2024!')).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem('letmein!')).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem('a'.repeat(30) + 'b'.repeat(40))).toBe(PASSWORD_MESSAGES.weakRepeat);
    expect(passwordProblem('Zq9!'.repeat(256))).toBe(PASSWORD_MESSAGES.weakRepeat);
    expect(passwordProblem('19/08/1989')).toBe(PASSWORD_MESSAGES.weakDate);
    // Eight random characters are about 10^8 guesses: just short of the minimum score, so the message asks for more.
    expect(passwordProblem('Zq9!xW2a')).toBe(PASSWORD_MESSAGES.weak);
  });

  it('keeps every password the tests and the start-up check use', () => {
    for (const p of [
      'correct horse battery staple',
      'e2e-staff-passphrase',
      'a-good-password',
      'a-long-host-passphrase',
      'silver-kettle-drum-9',
      'a long enough password',
    ]) {
      expect({ p, problem: passwordProblem(p) }).toEqual({ p, problem: null });
    }
  });
});
