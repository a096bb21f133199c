import { defineEndpoint } from '../endpoint';
import { idParam } from '../common';
import {
  hostAvailabilityResponse,
  hostTimeSettingsSchema,
  okResponse,
  unavailabilityBody,
  unavailabilityListResponse,
  unavailabilityResponse,
} from '../host-time';

/** Hosts' time (issue 31): a host's own unavailable stretches, the install's travel margin, and who is free for a booking. */
export const hostTimeEndpoints = {
  unavailability: defineEndpoint({ method: 'GET', path: '/api/host/unavailability', response: unavailabilityListResponse }),
  markUnavailable: defineEndpoint({
    method: 'POST',
    path: '/api/host/unavailability',
    body: unavailabilityBody,
    response: unavailabilityResponse,
    status: 201,
  }),
  removeUnavailable: defineEndpoint({ method: 'DELETE', path: '/api/host/unavailability/:id', params: idParam, response: okResponse }),
  settings: defineEndpoint({ method: 'GET', path: '/api/admin/host-settings', response: hostTimeSettingsSchema }),
  updateSettings: defineEndpoint({ method: 'PUT', path: '/api/admin/host-settings', body: hostTimeSettingsSchema, response: hostTimeSettingsSchema }),
  availableFor: defineEndpoint({ method: 'GET', path: '/api/admin/bookings/:id/host-availability', params: idParam, response: hostAvailabilityResponse }),
};
