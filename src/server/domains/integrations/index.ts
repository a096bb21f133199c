// The integrations domain (issue 39, decision 0560): API keys for the outside API and signed webhooks. It owns its
// tables (tables/); it reads other domains through their index and hears of their changes through the platform's
// event outbox, so no domain calls it.
export { createWebhookDispatcher, type WebhookDispatcher } from './webhook-dispatcher';
export { pruneWebhookLog } from './webhook-delivery';
export { createWebhookSender, type WebhookSend } from './webhook-sender';
