import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { filesUnder } from './repo-files';

/**
 * The organiser's check (the booking's management key) has one home, domains/booking/organiser-key.ts, which every
 * domain asks through the booking domain's index (issue 36: it was written six times in three domains).
 */
const HOME = 'src/server/domains/booking/organiser-key.ts';
const COMPARES_MANAGE_KEY = /safeEqual\([^)]*manageKey|manageKey\s*[!=]==|===?\s*[\w.]*manageKey\b/i;
/** A line that compares the key with another value (a check against null or undefined is only whether one was sent). */
const comparesKey = (line: string) => COMPARES_MANAGE_KEY.test(line.replace(/\s*[!=]==?\s*(?:null|undefined)\b/g, ''));

describe('the organiser check', () => {
  it('catches a comparison of the management key', () => {
    expect(comparesKey('if (!key || !safeEqual(key, ctx.booking.manageKey)) throw x;')).toBe(true);
    expect(comparesKey('if (booking.manageKey !== given) throw x;')).toBe(true);
    expect(comparesKey('assertOrganiser(ctx.booking, manageKey);')).toBe(false);
    expect(comparesKey('const byCode = input.bookingCode !== null || input.manageKey !== null;')).toBe(false);
  });

  it('is written once, in the booking domain', () => {
    const found = filesUnder('src/server')
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== HOME)
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .filter(comparesKey)
          .map((line) => `${file}: ${line.trim()}`),
      );
    expect(found).toEqual([]);
  });
});
