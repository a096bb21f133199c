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

function deepFreeze(value: object): void {
  for (const child of Object.values(value)) {
    if (typeof child === 'object' && child !== null && !Object.isFrozen(child)) deepFreeze(child);
  }
  Object.freeze(value);
}
