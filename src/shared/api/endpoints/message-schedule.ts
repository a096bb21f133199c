import { defineEndpoint } from '../endpoint';
import { messageSettingsSchema, scheduledMessageParams, skipScheduledMessageResponse } from '../message-schedule';

/** The message schedule's staff controls (issue 31, decision 0380): skip one message; the install's reminder days. */
export const messageScheduleEndpoints = {
  skip: defineEndpoint({
    method: 'POST',
    path: '/api/admin/bookings/:id/scheduled-messages/:messageId/skip',
    params: scheduledMessageParams,
    response: skipScheduledMessageResponse,
  }),
  settings: defineEndpoint({ method: 'GET', path: '/api/admin/message-settings', response: messageSettingsSchema }),
  updateSettings: defineEndpoint({ method: 'PUT', path: '/api/admin/message-settings', body: messageSettingsSchema, response: messageSettingsSchema }),
};
