import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIntegrationsEndpoints as endpoints } from '../../../../shared/api/endpoints/integrations';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { createApiKey, listApiKeys, revokeApiKey } from '../api-keys';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  replayDelivery,
  replaySince,
  rollSecret,
  sendTestEvent,
  updateWebhook,
} from '../webhooks-service';

const options = { tags: ['admin: integrations'] };
const actorOf = (request: FastifyRequest) => ({ id: request.auth.user?.id ?? null });

/** Settings → Integrations (issue 39): API keys and webhook endpoints; under /api/admin, so the admin guard runs first. */
export const adminIntegrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const hooks = { db, allowPrivate: app.deps.config.WEBHOOK_ALLOW_PRIVATE };

  endpointRoute(app, endpoints.listKeys, options, async () => ({ api_keys: await listApiKeys(db) }));
  endpointRoute(app, endpoints.createKey, options, async (request) => createApiKey(db, actorOf(request).id, request.body));
  endpointRoute(app, endpoints.revokeKey, options, async (request) => {
    await revokeApiKey(db, actorOf(request).id, request.params.id);
    return null;
  });

  endpointRoute(app, endpoints.listWebhooks, options, async () => ({ webhooks: await listWebhooks(db) }));
  endpointRoute(app, endpoints.createWebhook, options, async (request) => createWebhook(hooks, actorOf(request), request.body));
  endpointRoute(app, endpoints.updateWebhook, options, async (request) => ({
    webhook: await updateWebhook(hooks, actorOf(request), request.params.id, request.body),
  }));
  endpointRoute(app, endpoints.deleteWebhook, options, async (request) => {
    await deleteWebhook(db, actorOf(request), request.params.id);
    return null;
  });
  endpointRoute(app, endpoints.deliveries, options, async (request) => listDeliveries(db, request.params.id, request.query.limit));
  endpointRoute(app, endpoints.replay, options, async (request) => replayDelivery(hooks, actorOf(request), request.params.id, request.params.deliveryId));
  endpointRoute(app, endpoints.replaySince, options, async (request) => replaySince(hooks, actorOf(request), request.params.id, new Date(request.body.since)));
  endpointRoute(app, endpoints.sendTest, options, async (request) => sendTestEvent(hooks, actorOf(request), request.params.id));
  endpointRoute(app, endpoints.rollSecret, options, async (request) => rollSecret(hooks, actorOf(request), request.params.id, request.body.overlap_hours));
};
