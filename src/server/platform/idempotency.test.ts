import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalJson, readIdempotencyKey, requestFingerprint } from './idempotency';
import { ValidationError } from './errors';

describe('request fingerprints', () => {
  it('do not depend on key order, and ignore undefined members', () => {
    expect(canonicalJson({ b: 1, a: [1, { d: null, c: 'x' }], u: undefined })).toBe('{"a":[1,{"c":"x","d":null}],"b":1}');
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (obj) => {
        const reversed = Object.fromEntries(Object.entries(obj).reverse());
        expect(requestFingerprint(reversed)).toBe(requestFingerprint(obj));
      }),
    );
  });

  it('differ when any value differs', () => {
    expect(requestFingerprint({ players: 8 })).not.toBe(requestFingerprint({ players: 9 }));
    expect(requestFingerprint([1, 2])).not.toBe(requestFingerprint([2, 1]));
  });
});

describe('the Idempotency-Key header', () => {
  it('is optional, and taken as sent when 1 to 255 visible characters', () => {
    expect(readIdempotencyKey(undefined)).toBeNull();
    expect(readIdempotencyKey('3f1c0a5e-9d2b-4c1e-8f00-aa11bb22cc33')).toBe('3f1c0a5e-9d2b-4c1e-8f00-aa11bb22cc33');
    expect(readIdempotencyKey(['first', 'second'])).toBe('first');
  });
  it('is refused when empty, too long or with spaces or control characters', () => {
    for (const bad of ['', 'a b', 'x'.repeat(256), 'tab\there', 'é']) {
      expect(() => readIdempotencyKey(bad)).toThrow(ValidationError);
    }
  });
});
