import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { locationsBody, teamsBody } from '../api/booker-game';
import { buyGiftVoucherBody } from '../api/gift-vouchers';
import { joinBody } from '../api/play';
import { createUserBody } from '../api/users';
import { challengeInputSchema } from './challenge-rules';
import { isOneLine, ONE_LINE_MESSAGE } from './text-rules';

/** The messages a body's parse gives for one field. */
const messagesFor = (schema: z.ZodType, body: unknown, field: string) => {
  const result = schema.safeParse(body);
  return result.success ? [] : result.error.issues.filter((issue) => issue.path.join('.') === field).map((issue) => issue.message);
};

describe('one-line fields (issue 36)', () => {
  it('knows a line break, a tab, a lone CR, DEL, C1 controls and the Unicode line separators for control characters', () => {
    for (const text of ['a\nb', 'a\r\nb', 'a\rb', 'a\tb', 'a\u007fb', 'a\u0085b', 'a\u2028b', 'a\u2029b', 'a\u0000b']) expect(isOneLine(text)).toBe(false);
    for (const text of ['Saint-Étienne', 'Zoë & Ana', '東京', 'O’Brien', '']) expect(isOneLine(text)).toBe(true);
  });

  it('refuses them in the one-line fields besides the booking: player and team names, team set-up, addresses, voucher and user names, challenge names', () => {
    const forged = 'Foxes\r\nBcc: all@example.test';
    const voucher = { amount: 5000, currency: 'GBP', recipient_name: 'Ada', buyer_name: 'Bo', buyer_email: 'bo@example.test' };
    const cases: [z.ZodType, unknown, string][] = [
      [joinBody, { name: forged }, 'name'],
      [joinBody, { name: 'Fay', team_name: forged }, 'team_name'],
      [teamsBody, { teams: [{ name: forged }] }, 'teams.0.name'],
      [locationsBody, { meeting_point_address: forged }, 'meeting_point_address'],
      [buyGiftVoucherBody, { ...voucher, recipient_name: forged }, 'recipient_name'],
      [buyGiftVoucherBody, { ...voucher, buyer_name: forged }, 'buyer_name'],
      [createUserBody, { name: forged, email: 'new@example.test', password: 'correct horse battery staple' }, 'name'],
      [challengeInputSchema, { name: forged, description: 'Find it' }, 'name'],
    ];
    for (const [schema, body, field] of cases) expect({ field, messages: messagesFor(schema, body, field) }).toEqual({ field, messages: [ONE_LINE_MESSAGE] });
  });

  it('keeps newlines in the multi-line fields: notes, a voucher message, a team’s players', () => {
    expect(locationsBody.safeParse({ meeting_point_address: '1 Main St', meeting_point_notes: 'By the door\nRing twice' }).success).toBe(true);
    const voucher = {
      amount: 5000,
      currency: 'GBP',
      recipient_name: 'Ada',
      buyer_name: 'Bo',
      buyer_email: 'bo@example.test',
      message: 'Happy birthday!\nLove, Bo',
    };
    expect(buyGiftVoucherBody.safeParse(voucher).success).toBe(true);
    expect(teamsBody.safeParse({ teams: [{ name: 'Foxes', players: 'Ada\nBo' }] }).success).toBe(true);
  });
});
