import { createHash } from 'node:crypto';
import { serializerCompiler } from 'fastify-type-provider-zod';

const settled = new WeakSet<object>();

/**
 * Marks an answer object that will never change again (it is deep-frozen here), such as a cached price list:
 * each route then checks it against its schema and turns it into JSON once, not on every request.
 */
export function settledAnswer<T extends object>(value: T): T {
  deepFreeze(value);
  settled.add(value);
  return value;
}

/** The zod serializer, remembering its output for settled answers (per route and status: schemas differ). */
export const memoizingSerializerCompiler: typeof serializerCompiler = (routeSchema) => {
  const serialize = serializerCompiler(routeSchema);
  const memo = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== 'object' || data === null || !settled.has(data)) return serialize(data);
    const known = memo.get(data);
    if (known !== undefined) return known;
    const json = serialize(data);
    memo.set(data, json);
    return json;
  };
};

const tags = new WeakMap<object, string>();

/**
 * A strong ETag for a settled answer, made once per answer: the same answer always has the same tag and another answer
 * (a changed price list) another, so a client holding the body can ask whether it is still current (If-None-Match)
 * and be answered 304 without it. Undefined for an answer that is not settled: it could change under its tag.
 */
export function settledTag(value: object): string | undefined {
  if (!settled.has(value)) return undefined;
  let tag = tags.get(value);
  if (tag === undefined) {
    tag = `"${createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 27)}"`;
    tags.set(value, tag);
  }
  return tag;
}

/** Whether an If-None-Match header names this ETag (a list, weak or strong, or `*`): RFC 9110's weak comparison. */
export function tagMatches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const trimmed = candidate.trim();
    return trimmed === '*' || trimmed === tag || trimmed === `W/${tag}`;
  });
}

function deepFreeze(value: object): void {
  for (const child of Object.values(value)) {
    if (typeof child === 'object' && child !== null && !Object.isFrozen(child)) deepFreeze(child);
  }
  Object.freeze(value);
}
