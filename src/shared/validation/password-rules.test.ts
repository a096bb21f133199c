import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, passwordProblem } from './password-rules';

describe('passwordProblem', () => {
  it('accepts a long, uncommon password or passphrase, with no composition rules', () => {
    expect(passwordProblem('correct horse battery staple')).toBeNull();
    expect(passwordProblem('green-lantern-owl-7')).toBeNull();
    expect(passwordProblem('lowercaseonlybutlong')).toBeNull();
    expect(passwordProblem('a'.repeat(30) + 'b'.repeat(40))).toBeNull();
    expect(passwordProblem('x'.repeat(10) + ' '.repeat(60) + 'y')).toBeNull();
  });

  it('accepts passwords of at least 64 characters, up to 1024', () => {
    expect(passwordProblem('my long passphrase '.repeat(4))).toBeNull();
    expect(passwordProblem('Zq9!'.repeat(256))).toBeNull();
    expect(passwordProblem('Zq9!'.repeat(256) + 'x')).toBe(PASSWORD_MESSAGES.tooLong);
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
});
