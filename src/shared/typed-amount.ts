import { z } from 'zod';
import { AMOUNT_MESSAGE, parseMinorUnits } from './money';

// Apart from money.ts so that a page that only formats money (the wizard's first step) does not load zod (issue 37).
/** An amount field as staff type it (currency units, see parseMinorUnits), read as minor units; one message for any refusal. */
export const typedAmount = z.string().transform((text, ctx) => {
  const minor = parseMinorUnits(text);
  if (minor === null) {
    ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGE });
    return z.NEVER;
  }
  return minor;
});
