import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries made from a route's own zod schema (through its JSON Schema form): values
 * that fit it, and values that break it in the ways clients do (wrong types, huge strings, odd unicode,
 * missing and extra fields, numbers beyond a database column).
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
};

export function isZodSchema(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

/** The JSON Schema of a zod schema as a client sends it (input side); anything unrepresentable is open. */
export function toJsonSchema(schema: unknown): JsonSchema | undefined {
  if (!isZodSchema(schema)) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

const SMALL = 6;

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  return [];
}

/** A value that fits the schema (as far as JSON Schema says; refinements may still refuse it). */
export function validArb(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validArb(s, depth + 1)));
  if (schema.allOf?.length) return validArb(Object.assign({}, ...schema.allOf) as JsonSchema, depth + 1);
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => validArb({ ...schema, type }, depth + 1)));
  switch (types[0]) {
    case 'string':
      return stringArb(schema);
    case 'integer': {
      const min = Math.max(schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000), -2_147_483_648);
      const max = Math.min(schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 100_000), 2_147_483_647);
      return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
    }
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e6;
      const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e6;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map((s) => validArb(s, depth + 1)));
      const items = schema.items ?? {};
      const minLength = schema.minItems ?? 0;
      return fc.array(depth > 4 ? fc.constant(null) : validArb(items, depth + 1), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? SMALL, SMALL)),
      });
    }
    case 'object':
    default: {
      if (!schema.properties)
        return types[0] === 'object'
          ? fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })
          : fc.jsonValue({ maxDepth: 2 });
      const props = Object.fromEntries(Object.entries(schema.properties).map(([k, s]) => [k, depth > 4 ? fc.constant(null) : validArb(s, depth + 1)]));
      return fc.record(props, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
  }
}

function stringArb(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date')
    return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'date-time')
    return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= Math.max(maxLength, 400));
    } catch {
      // an unsupported pattern: fall through to plain strings
    }
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

/** What clients really send when they get it wrong. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\u202Eevil',
    '🐔'.repeat(300),
    'x'.repeat(70_000),
    '<img src=x onerror=alert(1)>',
    "' or 1=1 --",
    '../../etc/passwd',
    '%00',
    '9'.repeat(40),
    '1e309',
    'NaN',
    '-1',
    '0',
    'true',
    '2024-02-30',
    '1970-01-01',
    '9999-12-31',
    '00:00',
  ),
  fc.constantFrom(0, -1, -0, 0.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1e308, 1e-320, Number.MAX_SAFE_INTEGER),
  fc.constantFrom(null, true, false, [], {}, [null], { __proto__: { admin: true } }, { constructor: { prototype: {} } }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A value that fits the schema in most places and breaks it in some. */
export function brokenArb(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  if (schema.properties && (types.length === 0 || types.includes('object')) && depth < 4) {
    const keys = Object.keys(schema.properties);
    const props = Object.fromEntries(
      Object.entries(schema.properties).map(([k, s]) => [
        k,
        fc.oneof({ weight: 3, arbitrary: validArb(s, depth + 1) }, { weight: 1, arbitrary: brokenArb(s, depth + 1) }),
      ]),
    );
    const extra = fc.dictionary(
      fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'id', 'is_admin', 'booking_status', 'total_price')),
      nastyValue,
      { maxKeys: 3 },
    );
    return fc
      .tuple(fc.record(props, { requiredKeys: [] }), fc.subarray(keys, { maxLength: Math.min(2, keys.length) }), extra)
      .map(([value, dropped, added]) => {
        const out: Record<string, unknown> = { ...added, ...value };
        for (const k of dropped) delete out[k];
        return out;
      });
  }
  if (types.includes('array') && schema.items && depth < 4) {
    return fc.oneof(
      fc.array(brokenArb(schema.items, depth + 1), { maxLength: 4 }),
      fc.array(validArb(schema.items, depth + 1), { minLength: (schema.maxItems ?? 50) + 1, maxLength: Math.min((schema.maxItems ?? 50) + 3, 300) }),
      nastyValue,
    );
  }
  return nastyValue;
}

/** Mostly valid input (so deeper code runs), often broken input (so refusals are checked). */
export function requestValueArb(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 1, arbitrary: validArb(schema) }, { weight: 3, arbitrary: brokenArb(schema) }, { weight: 1, arbitrary: nastyValue });
}

/** Query strings carry text only: numbers and booleans as text, arrays as repeated keys, objects as JSON. */
export function toQueryString(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value === undefined ? '' : `q=${safeEncode(asText(value))}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) params.append(k, asText(item));
    else params.append(k, asText(v));
  }
  return params.toString();
}

export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null) return 'null';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** encodeURIComponent that does not throw on a lone surrogate (sent as U+FFFD, as browsers do). */
export function safeEncode(text: string): string {
  return encodeURIComponent(text.replaceAll(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}
