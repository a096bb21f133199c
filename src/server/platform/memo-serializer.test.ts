import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memoizingSerializerCompiler, settledAnswer } from './memo-serializer';

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
