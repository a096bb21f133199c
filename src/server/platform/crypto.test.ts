import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, setPasswordCost, verifyPassword } from './crypto';

afterEach(() => setPasswordCost('standard'));

describe('password hashes', () => {
  it('are made at the production cost (scrypt N=2^17) unless a test run lowered it', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored.split('$').slice(0, 4)).toEqual(['scrypt', String(2 ** 17), '8', '1']);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('wrong', stored)).toBe(false);
  });

  it('are checked at the cost stored with them, whatever the cost new hashes are made at', async () => {
    setPasswordCost('low');
    const low = await hashPassword('correct horse battery staple');
    expect(low.split('$')[1]).toBe(String(2 ** 10));
    setPasswordCost('standard');
    expect(await verifyPassword('correct horse battery staple', low)).toBe(true);
    expect(await verifyPassword('wrong', low)).toBe(false);
  });
});
