import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { passwordGate } from './password-gate';

/** A url-safe random token; 32 bytes = 256 bits. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmac(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

// OWASP's scrypt minimum: N=2^17, r=8, p=1 (128 MiB per hash).
const STANDARD_SCRYPT = { N: 2 ** 17, r: 8, p: 1, keylen: 64, maxmem: 256 * 1024 * 1024 };
// Test runs only (config TEST_PASSWORD_COST, refused outside NODE_ENV=test): 1 MiB, so a suite's logins cost nothing.
const LOW_TEST_SCRYPT = { ...STANDARD_SCRYPT, N: 2 ** 10 };
let SCRYPT = STANDARD_SCRYPT;

/**
 * The cost new hashes are made at, process-wide; set once at start from the configuration. Checks always use the
 * parameters stored with the hash.
 */
export function setPasswordCost(cost: 'standard' | 'low'): void {
  const next = cost === 'low' ? LOW_TEST_SCRYPT : STANDARD_SCRYPT;
  // The dummy must cost what a real hash costs now (test processes build apps at both costs one after another).
  if (next !== SCRYPT) dummyHash = undefined;
  SCRYPT = next;
}

function scryptAsync(password: string, salt: Buffer, params: typeof SCRYPT): Promise<Buffer> {
  // Every hash and check goes through the process-wide gate (platform/password-gate.ts): a flood waits or gets 503.
  return passwordGate.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password, salt, params.keylen, { N: params.N, r: params.r, p: params.p, maxmem: params.maxmem }, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
  );
}

/** Stored as scrypt$N$r$p$salt$hash so the parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, keyB64] = parts;
  const expected = Buffer.from(keyB64 ?? '', 'base64');
  const params = { ...SCRYPT, N: Number(n), r: Number(r), p: Number(p), keylen: expected.length };
  const key = await scryptAsync(password, Buffer.from(saltB64 ?? '', 'base64'), params);
  return timingSafeEqual(key, expected);
}

/** Burns the same work as a real check, so an unknown email answers in the same time as a wrong password. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomToken());
  await verifyPassword(password, await dummyHash);
  return false;
}
