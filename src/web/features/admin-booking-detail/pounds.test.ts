import { describe, expect, it } from 'vitest';
import { poundsToPence } from './pounds';

describe('poundsToPence', () => {
  it('reads whole and decimal pounds into pence', () => {
    expect(poundsToPence('120')).toBe(12_000);
    expect(poundsToPence('120.5')).toBe(12_050);
    expect(poundsToPence(' 0.07 ')).toBe(7);
    expect(poundsToPence('£1,200.00')).toBe(120_000);
  });

  it('refuses what is not a positive amount with at most two decimals', () => {
    for (const text of ['', '0', '0.00', '-5', '1.234', 'ten', '1e3', '1,20']) expect(poundsToPence(text)).toBeNull();
  });
});
