import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * Passwords staff choose, after NIST SP 800-63B (5.1.1.2): at least 8 characters, long ones welcome (up to 1024, so
 * passphrases fit), no composition rules (no "one digit, one symbol"), and refused when a guesser would try them
 * first: a password from the common/breached list of @zxcvbn-ts/language-common (about 49,000 entries), one
 * character repeated, this service's name, the user's own email address or its name part (decision 0340), and (0182) any
 * password the zxcvbn estimate scores below PASSWORD_MIN_SCORE: a list alone let `Passw0rd!`, `Summer2024!`,
 * `letmein!` and `abcdefgh` through, each a variant or a pattern a cracker tries in its first million guesses.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 1024;

export const PASSWORD_MESSAGES = {
  required: 'Password is required for new users',
  tooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  blank: 'Password cannot be only spaces',
  common: 'This password is too common or has appeared in data breaches. Please choose a less predictable one',
  containsEmail: 'Password must not contain the email address',
  weakSequence:
    'This password is too easy to guess: sequences like "abcd" or "4321" are among the first guesses. Please make it longer, for example a few unrelated words',
  weakRepeat:
    'This password is too easy to guess: repeats like "aaa" or "abcabc" are among the first guesses. Please make it longer, for example a few unrelated words',
  weakKeyboard:
    'This password is too easy to guess: keyboard patterns like "qwerty" or "zxcvb" are among the first guesses. Please make it longer, for example a few unrelated words',
  weakDate: 'This password is too easy to guess: dates and years are among the first guesses. Please make it longer, for example a few unrelated words',
  weakWord: 'This password is too easy to guess: a single word or name is among the first guesses. Please make it longer, for example a few unrelated words',
  weak: 'This password is too easy to guess. Please make it longer: a few unrelated words are easy to remember and hard to guess',
} as const;

/** zxcvbn's scale: 3 means "safely unguessable" (at least 10^8 guesses), what an online attacker cannot reach. */
export const PASSWORD_MIN_SCORE = 3;

/** Built on first use: the list is lower case. */
let commonPasswords: Set<string> | undefined;
function isCommon(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords.has(password);
}

/** What is left of the password without this service's name, if the name is in it: "hatch2024" → "2024". */
function withoutContextWords(squeezed: string): string | null {
  const word = CONTEXT_WORDS.find((w) => squeezed.includes(w));
  return word === undefined ? null : squeezed.replaceAll(word, '');
}

/**
 * Whether what is left of a password once a word a guesser knows is taken out (this service's name, the user's name
 * part) still counts for something: some letters that are not a common password. "2024!" or "password" do not.
 */
function standsOnItsOwn(rest: string): boolean {
  return rest !== '' && !/^[\d\W_]*$/u.test(rest) && !isCommon(rest);
}

const squeeze = (folded: string) => folded.replaceAll(/[\s._-]+/g, '');

/** Words of this service a guesser would try with it (longest first: the longest match is removed). */
const CONTEXT_WORDS = ['chickenhunt', 'hatchgame', 'hatch'];

/** The message for a password that breaks a rule, or null when it is acceptable (email optional: checked if given). */
export function passwordProblem(password: string, email?: string | null): string | null {
  if (password.length === 0) return PASSWORD_MESSAGES.required;
  if (password.length > PASSWORD_MAX * 2) return PASSWORD_MESSAGES.tooLong;
  if (password.trim() === '') return PASSWORD_MESSAGES.blank;
  // Length in characters as people count them (an emoji is one), not UTF-16 units.
  const length = [...password].length;
  if (length < PASSWORD_MIN) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_MAX) return PASSWORD_MESSAGES.tooLong;
  const folded = password.trim().toLowerCase();
  if (containsEmail(folded, email)) return PASSWORD_MESSAGES.containsEmail;
  const squeezed = squeeze(folded);
  if (isCommon(folded) || isCommon(squeezed) || /^(.)\1*$/u.test(squeezed)) return PASSWORD_MESSAGES.common;
  const rest = withoutContextWords(squeezed);
  if (rest !== null && !standsOnItsOwn(rest)) return PASSWORD_MESSAGES.common;
  return strengthProblem(password, email);
}

/** Built on first use (the dictionaries take ~0.1 s to rank): a screen that never checks a password never pays. */
let estimator: ZxcvbnFactory | undefined;

/** What a zxcvbn warning means for the person choosing: the common-list family shares the list's message. */
const WARNING_MESSAGES: Readonly<Record<string, string>> = {
  topTen: PASSWORD_MESSAGES.common,
  topHundred: PASSWORD_MESSAGES.common,
  common: PASSWORD_MESSAGES.common,
  similarToCommon: PASSWORD_MESSAGES.common,
  pwned: PASSWORD_MESSAGES.common,
  userInputs: PASSWORD_MESSAGES.common,
  sequences: PASSWORD_MESSAGES.weakSequence,
  simpleRepeat: PASSWORD_MESSAGES.weakRepeat,
  extendedRepeat: PASSWORD_MESSAGES.weakRepeat,
  straightRow: PASSWORD_MESSAGES.weakKeyboard,
  keyPattern: PASSWORD_MESSAGES.weakKeyboard,
  dates: PASSWORD_MESSAGES.weakDate,
  recentYears: PASSWORD_MESSAGES.weakDate,
  wordByItself: PASSWORD_MESSAGES.weakWord,
  namesByThemselves: PASSWORD_MESSAGES.weakWord,
  commonNames: PASSWORD_MESSAGES.weakWord,
};

/** The strength estimate: the password, with this service's words and the user's email as words a guesser knows. */
function strengthProblem(password: string, email: string | null | undefined): string | null {
  estimator ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
  const address = email?.trim().toLowerCase();
  const inputs = [...CONTEXT_WORDS, 'chicken', ...(address ? [address, address.split('@')[0] ?? ''] : [])].filter((w) => w.length > 0);
  const result = estimator.check(password, inputs);
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  const warning = result.feedback.warning;
  return (warning ? WARNING_MESSAGES[warning] : undefined) ?? PASSWORD_MESSAGES.weak;
}

/**
 * The user's email in the password (decision 0340): the whole address anywhere, or the name part when it is the
 * password: alone, or with only digits, symbols or a common password around it ("boss2026!", "bosspassword"). The
 * name part as one word among others ("Brand-New-Boss-2026" for boss@…) is the user's own passphrase, not refused
 * here: issue 28 found "boss" refused inside it. The strength estimate still knows the address and its name part as
 * words a guesser tries (strengthProblem), so a weak password built on them is refused there.
 */
function containsEmail(folded: string, email: string | null | undefined): boolean {
  const address = email?.trim().toLowerCase();
  if (!address) return false;
  if (folded.includes(address)) return true;
  const local = squeeze(address.split('@')[0] ?? '');
  const squeezed = squeeze(folded);
  return local !== '' && squeezed.includes(local) && !standsOnItsOwn(squeezed.replaceAll(local, ''));
}
