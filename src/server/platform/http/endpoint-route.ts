import type { FastifyReply, FastifyRequest, FastifySchema, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorResponses } from '../../../shared/api/common';
import type { EndpointConfig } from '../../../shared/api/endpoint';

/** The instance a route plugin receives. */
export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * The request a route of endpoint E receives: params, query and body as its descriptor's schemas parsed them. A body
 * without a schema is whatever a content-type parser made of it (the raw bytes of a photo or a signed webhook).
 */
export type EndpointRequest<E extends EndpointConfig> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: E['body'] extends z.ZodType ? z.output<E['body']> : unknown;
}>;

/** What a handler gives back: the descriptor's success answer, or the reply it has sent itself (a file, a stream). */
export type EndpointAnswer<E extends EndpointConfig> = z.output<E['response']> | FastifyReply;

export type EndpointHandler<E extends EndpointConfig> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<EndpointAnswer<E>>;

export type EndpointRouteOptions = {
  /** OpenAPI tags. */
  readonly tags: readonly string[];
  /** OpenAPI summary. */
  readonly summary?: string;
  /** Error answers beyond the common ones (a 423 frozen team, a 502 from the payment provider). */
  readonly errors?: Readonly<Record<number, z.ZodType>>;
  readonly onRequest?: onRequestHookHandler;
  /** OpenAPI security requirements beyond the session's (the outside API's key and its scope, decision 0560). */
  readonly security?: readonly Record<string, readonly string[]>[];
  readonly bodyLimit?: number;
  /** A large body from a slow client (a phone's media): it may take UPLOAD_TIMEOUT_MS to arrive (body-deadline.ts). */
  readonly longUpload?: boolean;
  /** Whose upload a longUpload is (a player): at most MAX_UPLOADS_PER_PLAYER at once each (upload-slots.ts). */
  readonly uploadOwner?: (request: FastifyRequest) => string;
};

/**
 * Registers the route of a shared endpoint descriptor: its method, path and schemas come from the descriptor alone, so
 * the server validates and answers exactly what the web client (src/web/lib/api-client.ts) types and parses. The
 * descriptor's path is the full URL; inside a plugin registered with a prefix, the prefix is taken off.
 */
export function endpointRoute<E extends EndpointConfig>(app: RouteApp, endpoint: E, options: EndpointRouteOptions, handler: EndpointHandler<E>): void {
  const url = routeUrl(app.prefix, endpoint.path);
  const status = endpoint.status ?? 200;
  const schema: FastifySchema & { tags: string[] } = {
    tags: [...options.tags],
    ...(options.summary ? { summary: options.summary } : {}),
    ...(options.security ? { security: options.security.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, [...v]]))) } : {}),
    response: { [status]: endpoint.response, ...errorResponses, ...options.errors },
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
  };
  app.route({
    method: endpoint.method,
    url,
    schema,
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.longUpload ? { config: { longUpload: true, ...(options.uploadOwner ? { uploadOwner: options.uploadOwner } : {}) } } : {}),
    handler: async (request, reply) => {
      // Fastify ran the descriptor's own schemas on params, query and body before this point (validatorCompiler).
      const answer = await handler(request as EndpointRequest<E>, reply);
      // A handler that answered itself (a file, a CSV, a stream) gives back its reply; but a reply is a thenable, so an
      // async handler's promise adopts it and resolves to undefined once it is sent. Sent is sent, whatever came back
      // (issue 28: every CSV export logged "Reply was already sent").
      if (answer === reply || reply.sent) return reply;
      return reply.code(status).send(status === 204 ? null : answer);
    },
  });
}

function routeUrl(prefix: string, path: string): string {
  if (!path.startsWith(prefix)) throw new Error(`Endpoint ${path} registered under the prefix ${prefix}`);
  return path.slice(prefix.length) || '/';
}
