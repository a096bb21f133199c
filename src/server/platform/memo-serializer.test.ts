import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memoizingSerializerCompiler, settledAnswer, settledTag, tagMatches } from './memo-serializer';

const schema = z.object({ name: z.string(), items: z.array(z.object({ n: z.number() })) });
const serializer = () => memoizingSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

describe('memoizingSerializerCompiler', () => {
  it('serializes a settled answer once and deep-freezes it, so it cannot drift from its JSON', () => {
    const serialize = serializer();
    const answer = settledAnswer({ name: 'price list', items: [{ n: 1 }] });
    const first = serialize(answer);
    expect(first).toBe('{"name":"price list","items":[{"n":1}]}');
    expect(serialize(answer)).toBe(first);
    expect(Object.isFrozen(answer.items[0])).toBe(true);
    expect(() => {
      answer.items.push({ n: 2 });
    }).toThrow(TypeError);
  });

  it('serializes other answers every time, so a changed object gives its new JSON', () => {
    const serialize = serializer();
    const answer = { name: 'booking', items: [{ n: 1 }] };
    expect(serialize(answer)).toBe('{"name":"booking","items":[{"n":1}]}');
    answer.items.push({ n: 2 });
    expect(serialize(answer)).toBe('{"name":"booking","items":[{"n":1},{"n":2}]}');
  });

  it('still checks a settled answer against the schema', () => {
    const serialize = serializer();
    expect(() => serialize(settledAnswer({ name: 1, items: [] }))).toThrow();
  });
});

describe('settledTag', () => {
  it('gives a settled answer one strong tag, the same for the same content and another for other content', () => {
    const first = settledAnswer({ name: 'price list', items: [{ n: 1 }] });
    const tag = settledTag(first);
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(settledTag(first)).toBe(tag);
    // The list read again a few seconds later: a new object with the same prices keeps the tag.
    expect(settledTag(settledAnswer({ name: 'price list', items: [{ n: 1 }] }))).toBe(tag);
    expect(settledTag(settledAnswer({ name: 'price list', items: [{ n: 2 }] }))).not.toBe(tag);
  });

  it('gives no tag to an answer that may still change', () => {
    expect(settledTag({ name: 'booking', items: [] })).toBeUndefined();
  });

  it('matches If-None-Match as RFC 9110 does: a list, weak or strong, or *', () => {
    const tag = '"abc"';
    expect(tagMatches(undefined, tag)).toBe(false);
    expect(tagMatches('"abc"', tag)).toBe(true);
    expect(tagMatches('W/"abc"', tag)).toBe(true);
    expect(tagMatches('"x", "abc"', tag)).toBe(true);
    expect(tagMatches('*', tag)).toBe(true);
    expect(tagMatches('"abcd"', tag)).toBe(false);
    expect(tagMatches('abc', tag)).toBe(false);
  });
});
