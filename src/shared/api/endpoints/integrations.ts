import { defineEndpoint } from '../endpoint';
import { idParam } from '../common';
import { adminCreateBookingBody } from '../admin-bookings';
import { paymentsQuery, paymentsResponse } from '../admin-payments';
import { adminInvoiceListResponse } from '../invoices';
import type { ApiKeyScope } from '../../integrations/events';
import {
  apiKeysResponse,
  createApiKeyBody,
  createApiKeyResponse,
  createWebhookBody,
  createWebhookResponse,
  deliveriesQuery,
  deliveriesResponse,
  gameCodeParam,
  replayResponse,
  replaySinceBody,
  rollSecretBody,
  rollSecretResponse,
  testEventResponse,
  updateWebhookBody,
  v1BookingResponse,
  v1BookingsQuery,
  v1BookingsResponse,
  v1GameResponse,
  webhookDeliveryParams,
  webhookResponse,
  webhooksResponse,
} from '../integrations';
import { z } from 'zod';

const keys = '/api/admin/api-keys';
const hooks = '/api/admin/webhooks';

/** Staff's API keys and webhook endpoints (Settings → Integrations, issue 39). */
export const adminIntegrationsEndpoints = {
  listKeys: defineEndpoint({ method: 'GET', path: keys, response: apiKeysResponse }),
  createKey: defineEndpoint({ method: 'POST', path: keys, body: createApiKeyBody, response: createApiKeyResponse, status: 201 }),
  revokeKey: defineEndpoint({ method: 'DELETE', path: `${keys}/:id`, params: idParam, response: z.null(), status: 204 }),
  listWebhooks: defineEndpoint({ method: 'GET', path: hooks, response: webhooksResponse }),
  createWebhook: defineEndpoint({ method: 'POST', path: hooks, body: createWebhookBody, response: createWebhookResponse, status: 201 }),
  updateWebhook: defineEndpoint({ method: 'PATCH', path: `${hooks}/:id`, params: idParam, body: updateWebhookBody, response: webhookResponse }),
  deleteWebhook: defineEndpoint({ method: 'DELETE', path: `${hooks}/:id`, params: idParam, response: z.null(), status: 204 }),
  deliveries: defineEndpoint({ method: 'GET', path: `${hooks}/:id/deliveries`, params: idParam, query: deliveriesQuery, response: deliveriesResponse }),
  replay: defineEndpoint({ method: 'POST', path: `${hooks}/:id/deliveries/:deliveryId/replay`, params: webhookDeliveryParams, response: replayResponse }),
  replaySince: defineEndpoint({ method: 'POST', path: `${hooks}/:id/replay`, params: idParam, body: replaySinceBody, response: replayResponse }),
  sendTest: defineEndpoint({ method: 'POST', path: `${hooks}/:id/test`, params: idParam, response: testEventResponse }),
  rollSecret: defineEndpoint({ method: 'POST', path: `${hooks}/:id/roll-secret`, params: idParam, body: rollSecretBody, response: rollSecretResponse }),
};

/** The outside API: `Authorization: Bearer <API key>` only, each route with the scope it needs. */
export const v1Endpoints = {
  listBookings: defineEndpoint({ method: 'GET', path: '/api/v1/bookings', query: v1BookingsQuery, response: v1BookingsResponse }),
  getBooking: defineEndpoint({ method: 'GET', path: '/api/v1/bookings/:id', params: idParam, response: v1BookingResponse }),
  createBooking: defineEndpoint({ method: 'POST', path: '/api/v1/bookings', body: adminCreateBookingBody, response: v1BookingResponse, status: 201 }),
  getGame: defineEndpoint({ method: 'GET', path: '/api/v1/games/:code', params: gameCodeParam, response: v1GameResponse }),
  listPayments: defineEndpoint({ method: 'GET', path: '/api/v1/payments', query: paymentsQuery, response: paymentsResponse }),
  bookingInvoices: defineEndpoint({ method: 'GET', path: '/api/v1/bookings/:id/invoices', params: idParam, response: adminInvoiceListResponse }),
};

export const V1_SCOPES: Record<keyof typeof v1Endpoints, ApiKeyScope> = {
  listBookings: 'bookings:read',
  getBooking: 'bookings:read',
  createBooking: 'bookings:write',
  getGame: 'games:read',
  listPayments: 'finance:read',
  bookingInvoices: 'finance:read',
};
