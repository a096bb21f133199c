import { defineEndpoint } from '../endpoint';
import { gamesResponse, overviewQuery, teamsResponse } from '../admin-overview';

/** Read-only overviews across bookings. */
export const adminOverviewEndpoints = {
  games: defineEndpoint({ method: 'GET', path: '/api/admin/games', query: overviewQuery, response: gamesResponse }),
  teams: defineEndpoint({ method: 'GET', path: '/api/admin/teams', query: overviewQuery, response: teamsResponse }),
};
