import { defineEndpoint } from '../endpoint';
import {
  calendarFeedIcsResponse,
  calendarFeedResponse,
  calendarFeedRevokedResponse,
  calendarFeedStateResponse,
  calendarFeedTokenParams,
} from '../calendar-feed';

/** Hosts and admins: their own private calendar feed (make or replace, see, revoke), and the feed itself by its secret. */
export const calendarFeedEndpoints = {
  state: defineEndpoint({ method: 'GET', path: '/api/host/calendar-feed', response: calendarFeedStateResponse }),
  make: defineEndpoint({ method: 'POST', path: '/api/host/calendar-feed', response: calendarFeedResponse, status: 201 }),
  revoke: defineEndpoint({ method: 'DELETE', path: '/api/host/calendar-feed', response: calendarFeedRevokedResponse }),
  feed: defineEndpoint({ method: 'GET', path: '/api/calendar-feeds/:token/hatch.ics', params: calendarFeedTokenParams, response: calendarFeedIcsResponse }),
};
