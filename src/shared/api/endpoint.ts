import type { z } from 'zod';

/**
 * One endpoint of the API as both sides know it: method, path and the zod schemas of its params, query, body and
 * success answer. The server's routes declare these very schema objects (tests/api/endpoints-contract.test.ts
 * checks each route against its descriptor); the web client (src/web/lib/api-client.ts) takes its types from them
 * and parses answers with `response`. Type-only zod import: a descriptor costs nothing beyond its schemas.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type EndpointConfig = {
  readonly method: HttpMethod;
  /** Full path, parameters as `:name`: `/api/admin/bookings/:id`. */
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The success answer. */
  readonly response: z.ZodType;
  /** The success status; 200 unless told. */
  readonly status?: 200 | 201 | 204;
};

/** `/a/:id/b/:paymentId` → 'id' | 'paymentId'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsMatchPath<E extends EndpointConfig> = [PathParamNames<E['path']>] extends [never]
  ? { readonly params?: undefined }
  : E extends { params: infer S extends z.ZodType }
    ? [keyof z.output<S>] extends [PathParamNames<E['path']>]
      ? [PathParamNames<E['path']>] extends [keyof z.output<S>]
        ? unknown
        : { readonly params: 'the params schema lacks a parameter of the path' }
      : { readonly params: 'the params schema has a key the path lacks' }
    : { readonly params: z.ZodType };

/** Keeps the literal method and path, and refuses a params schema whose keys differ from the path's parameters. */
export function defineEndpoint<const E extends EndpointConfig>(endpoint: E & ParamsMatchPath<E>): E {
  return endpoint;
}

type QueryValue = string | number | boolean | null | undefined;
/** What a caller may send as the query: the schema's keys; coerced fields take any plain value; null is left out. */
type QueryInput<T> = { [K in keyof T]: unknown extends T[K] ? QueryValue : T[K] | null };

export type ParamsOf<E extends EndpointConfig> = { [K in PathParamNames<E['path']>]: string | number };
export type QueryOf<E extends EndpointConfig> = E extends { query: infer Q extends z.ZodType } ? QueryInput<z.input<Q>> : never;
export type BodyOf<E extends EndpointConfig> = E extends { body: infer B extends z.ZodType } ? z.input<B> : never;
export type ResponseOf<E extends EndpointConfig> = z.output<E['response']>;

/** An endpoint's URL for these path parameters, typed by its descriptor: how the server writes a link to its own route. */
export function urlOf<E extends EndpointConfig>(endpoint: E, params: ParamsOf<E>): string {
  return pathOf(endpoint.path, params);
}

/** `/api/admin/bookings/:id` with `{ id: 3 }` → `/api/admin/bookings/3` (each value URI-encoded). */
export function pathOf(path: string, params: Readonly<Record<string, string | number>> | undefined): string {
  return path.replaceAll(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
