import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { mayCarrySignedInSession } from './session-plugin';

const withCookie = (cookie?: string) => ({ headers: cookie === undefined ? {} : { cookie } }) satisfies Pick<IncomingMessage, 'headers'>;

describe('mayCarrySignedInSession (which requests a replayed hot read leaves to the pipeline)', () => {
  it('is false without a session cookie or with a visitor’s token, under either cookie name', () => {
    expect(mayCarrySignedInSession(withCookie())).toBe(false);
    expect(mayCarrySignedInSession(withCookie('theme=dark'))).toBe(false);
    expect(mayCarrySignedInSession(withCookie('hatch_session=v_abcdefghijklmnopqrstu'))).toBe(false);
    expect(mayCarrySignedInSession(withCookie('theme=dark; __Host-hatch_session=v_abcdefghijklmnopqrstu'))).toBe(false);
    // Another cookie whose name ends the same is not the session's.
    expect(mayCarrySignedInSession(withCookie('old_hatch_session=s_abcdefghijklmnopqrstu'))).toBe(false);
  });

  it('is true for a signed-in token, a token of neither kind, or an empty one: the pipeline decides those', () => {
    expect(mayCarrySignedInSession(withCookie('hatch_session=s_abcdefghijklmnopqrstu'))).toBe(true);
    expect(mayCarrySignedInSession(withCookie('a=1; __Host-hatch_session=s_abcdefghijklmnopqrstu'))).toBe(true);
    expect(mayCarrySignedInSession(withCookie('hatch_session=legacytokenwithoutprefix1234'))).toBe(true);
    expect(mayCarrySignedInSession(withCookie('hatch_session='))).toBe(true);
    // Two session cookies (one per name): any that may be signed in counts.
    expect(mayCarrySignedInSession(withCookie('hatch_session=v_abcdefghijklmnopqrstu; __Host-hatch_session=s_abcdefghijklmnopqrstu'))).toBe(true);
  });
});
