import { defineEndpoint } from '../endpoint';
import { gamesResponse, overviewQuery, paymentsResponse, teamsResponse } from '../admin-overview';

/** Read-only overviews across bookings. */
export const adminOverviewEndpoints = {
  games: defineEndpoint({ method: 'GET', path: '/api/admin/games', query: overviewQuery, response: gamesResponse }),
  payments: defineEndpoint({ method: 'GET', path: '/api/admin/payments', query: overviewQuery, response: paymentsResponse }),
  teams: defineEndpoint({ method: 'GET', path: '/api/admin/teams', query: overviewQuery, response: teamsResponse }),
};
