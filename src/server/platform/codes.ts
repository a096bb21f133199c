import { randomBytes, randomInt } from 'node:crypto';

// Crockford's alphabet: no I, L, O or U, so codes read aloud or typed from a phone are not mistaken.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function randomCode(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** The booker's temporary code before payment: 12 characters, 60 bits. */
export function newTempCode(): string {
  return randomCode(12);
}

/** The game code players type to join: 10 characters, 50 bits (the contract asks for at least 40). */
export function newGameCode(): string {
  return randomCode(10);
}

/**
 * The organiser's private management key (the /manage/{key} link): 32 random bytes, base64url (43 characters,
 * 256 bits). Unlike the codes it is never typed, only followed from a mail or copied by staff, and it is
 * case-sensitive.
 */
export function newManageKey(): string {
  return randomBytes(32).toString('base64url');
}

/** Codes are case-insensitive for people; stored upper-case. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}
