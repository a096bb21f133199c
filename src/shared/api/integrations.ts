import { z } from 'zod';
import { API_KEY_SCOPES, OUTSIDE_EVENT_TYPES } from '../integrations/events';
import { BOOKING_STATUSES } from '../lifecycle/booking-states';
import { adminBookingSchema, bookingListItemSchema } from './booking';
import { idSchema } from './common';
import { publicGameSchema } from './play';
import { leaderboardTeamSchema } from './scoring';

/** Issue 39 (decision 0560): API keys, webhook endpoints and their deliveries, and the outside API's answers. */

export const INTEGRATION_MESSAGES = {
  scopesRequired: 'Choose at least one scope.',
  nameRequired: 'Give the key a name.',
  eventsRequired: 'Choose at least one event.',
  urlInvalid: 'Enter a full URL starting with https://.',
  urlNotHttps: 'The URL must start with https://.',
  urlPrivate: 'This address is on a private or local network: webhooks cannot be sent there.',
  urlLinkLocal: 'This address is link-local or the cloud metadata service: webhooks are never sent there.',
  urlUnresolved: 'This host name does not resolve to an address.',
  urlCredentials: 'The URL may not carry a user name or password.',
  keyNotFound: 'API key not found',
  webhookNotFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  invalidKey: 'Invalid or revoked API key',
  missingScope: (scope: string) => `This API key lacks the scope ${scope}.`,
  invalidCursor: 'Invalid cursor',
  sinceInFuture: 'Choose a time in the past.',
} as const;

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  created_at: z.string(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createApiKeyBody = z.object({
  name: z.string().trim().min(1, INTEGRATION_MESSAGES.nameRequired).max(100),
  scopes: z.array(z.enum(API_KEY_SCOPES)).min(1, INTEGRATION_MESSAGES.scopesRequired).max(API_KEY_SCOPES.length),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;
/** The secret is in this answer only: afterwards the key shows its prefix alone. */
export const createApiKeyResponse = z.object({
  key: z.object({ id: z.number().int(), name: z.string(), prefix: z.string(), scopes: z.array(z.enum(API_KEY_SCOPES)) }),
  secret: z.string(),
});
export const apiKeysResponse = z.object({ api_keys: z.array(apiKeySchema) });

export const WEBHOOK_STATUSES = ['enabled', 'disabled'] as const;
export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(OUTSIDE_EVENT_TYPES)),
  description: z.string().nullable(),
  status: z.enum(WEBHOOK_STATUSES),
  disabled_reason: z.string().nullable(),
  failing_since: z.string().nullable(),
  /** While set and in the future, deliveries are signed with the previous secret too (a roll's overlap). */
  previous_secret_expires_at: z.string().nullable(),
  created_at: z.string(),
  queued: z.number().int(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookUrl = z.string().trim().min(1, INTEGRATION_MESSAGES.urlInvalid).max(2000).url(INTEGRATION_MESSAGES.urlInvalid);
export const createWebhookBody = z.object({
  url: webhookUrl,
  events: z.array(z.enum(OUTSIDE_EVENT_TYPES)).min(1, INTEGRATION_MESSAGES.eventsRequired).max(OUTSIDE_EVENT_TYPES.length),
  description: z.string().trim().max(500).nullish(),
});
export type CreateWebhookBody = z.input<typeof createWebhookBody>;
export const createWebhookResponse = z.object({
  webhook: z.object({ id: z.number().int(), url: z.string(), events: z.array(z.enum(OUTSIDE_EVENT_TYPES)) }),
  /** `whsec_` and the base64 key: shown once. */
  secret: z.string(),
});
export const updateWebhookBody = z.object({
  events: z.array(z.enum(OUTSIDE_EVENT_TYPES)).min(1, INTEGRATION_MESSAGES.eventsRequired).max(OUTSIDE_EVENT_TYPES.length).optional(),
  description: z.string().trim().max(500).nullish(),
  /** true re-enables an endpoint that was disabled (its failures forgotten); false pauses it. */
  enabled: z.boolean().optional(),
});
export const webhooksResponse = z.object({ webhooks: z.array(webhookSchema) });
export const webhookResponse = z.object({ webhook: webhookSchema });

export const rollSecretBody = z.object({
  /** How long deliveries are signed with the old secret too, so a receiver can switch over (0: at once). */
  overlap_hours: z.number().int().min(0).max(72).default(24),
});
export const rollSecretResponse = z.object({ secret: z.string(), previous_secret_expires_at: z.string().nullable() });

export const DELIVERY_OUTCOMES = ['succeeded', 'failed'] as const;
export const MESSAGE_STATUSES = ['pending', 'sending', 'retrying', 'succeeded', 'failed'] as const;
/** One attempt to deliver one event to one endpoint: the delivery log. */
export const deliverySchema = z.object({
  id: z.number().int(),
  /** The Standard Webhooks `webhook-id`: the same on every attempt and replay of the event. */
  webhook_id: z.string(),
  event_type: z.string(),
  attempt: z.number().int(),
  outcome: z.enum(DELIVERY_OUTCOMES),
  response_code: z.number().int().nullable(),
  /** The first bytes of what the receiver answered. */
  response_body: z.string().nullable(),
  error: z.string().nullable(),
  attempted_at: z.string(),
  duration_ms: z.number().int(),
  /** Where the event now stands: a failed attempt may be retried later. */
  status: z.enum(MESSAGE_STATUSES),
  next_attempt_at: z.string().nullable(),
  replay: z.boolean(),
});
export type Delivery = z.infer<typeof deliverySchema>;
export const deliveriesQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
export const deliveriesResponse = z.object({ deliveries: z.array(deliverySchema), queued: z.number().int() });
export const webhookDeliveryParams = z.object({ id: idSchema, deliveryId: idSchema });
export const replayResponse = z.object({ replayed: z.number().int(), webhook_ids: z.array(z.string()) });
export const replaySinceBody = z.object({ since: z.iso.datetime({ offset: true }) });
export const testEventResponse = z.object({ webhook_id: z.string() });

/** The outside API (`/api/v1`, API keys). */
export const v1BookingsQuery = z.object({
  status: z.enum(BOOKING_STATUSES).optional(),
  /** Bookings changed at or after this time (ISO 8601): what a client syncing since its last run asks. */
  updated_since: z.iso.datetime({ offset: true }).optional(),
  date_from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format yyyy-MM-dd')
    .optional(),
  date_to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format yyyy-MM-dd')
    .optional(),
  email: z.string().trim().max(200).optional(),
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type V1BookingsQuery = z.infer<typeof v1BookingsQuery>;
export const v1BookingsResponse = z.object({ data: z.array(bookingListItemSchema), next_cursor: z.string().nullable() });
export const v1GameResponse = z.object({
  game: publicGameSchema,
  /** The ranking as it stands (final once the game has ended and `results.final` was sent). */
  results: z.object({ final: z.boolean(), teams: z.array(leaderboardTeamSchema) }),
});
export const v1BookingResponse = z.object({ booking: adminBookingSchema });
export const gameCodeParam = z.object({ code: z.string().trim().min(1).max(32) });
