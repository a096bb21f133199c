import { adminIntegrationsEndpoints as ep } from '../../../shared/api/endpoints/integrations';
import type { CreateApiKeyBody, CreateWebhookBody } from '../../../shared/api/integrations';
import { api } from '../../lib/api-client';

/** Settings → Integrations' calls (issue 39): API keys, webhook endpoints, their deliveries. */

export const apiKeysKey = ['admin', 'integrations', 'api-keys'] as const;
export const webhooksKey = ['admin', 'integrations', 'webhooks'] as const;
export const deliveriesKey = (id: number) => ['admin', 'integrations', 'webhooks', id, 'deliveries'] as const;

export const fetchApiKeys = () => api(ep.listKeys).then((r) => r.api_keys);
export const createApiKey = (body: CreateApiKeyBody) => api(ep.createKey, { body });
export const revokeApiKey = (id: number) => api(ep.revokeKey, { params: { id } });

export const fetchWebhooks = () => api(ep.listWebhooks).then((r) => r.webhooks);
export const createWebhook = (body: CreateWebhookBody) => api(ep.createWebhook, { body });
export const setWebhookEnabled = (vars: { id: number; enabled: boolean }) =>
  api(ep.updateWebhook, { params: { id: vars.id }, body: { enabled: vars.enabled } });
export const deleteWebhook = (id: number) => api(ep.deleteWebhook, { params: { id } });
export const sendTestEvent = (id: number) => api(ep.sendTest, { params: { id } });
export const rollSecret = (vars: { id: number; overlapHours: number }) =>
  api(ep.rollSecret, { params: { id: vars.id }, body: { overlap_hours: vars.overlapHours } });
export const fetchDeliveries = (id: number) => api(ep.deliveries, { params: { id }, query: { limit: 50 } });
export const replayDelivery = (vars: { id: number; deliveryId: number }) => api(ep.replay, { params: vars });
export const replaySince = (vars: { id: number; since: string }) => api(ep.replaySince, { params: { id: vars.id }, body: { since: vars.since } });
